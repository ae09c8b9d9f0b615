import Foundation

/// Sync tokens (RFC 6578 §3.2) are URIs naming the list and its change number: `urn:cadence:sync:<list>:<n>`.
public enum CalDAVSyncToken {
    public static func make(list: TaskList, seq: Int64) -> String {
        "urn:cadence:sync:\(list.id.uuidString.lowercased()):\(seq)"
    }

    /// The change number of a token this list gave out; nil for another list's or a malformed one.
    public static func number(_ token: String, list: TaskList) -> Int64? {
        let prefix = "urn:cadence:sync:\(list.id.uuidString.lowercased()):"
        guard token.hasPrefix(prefix) else { return nil }
        return Int64(token.dropFirst(prefix.count))
    }
}

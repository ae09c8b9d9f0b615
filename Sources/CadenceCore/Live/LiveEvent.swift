import Foundation

/// One event on an account's live channel (P3). `seq` counts up per account, so a
/// device that reconnects with the last `seq` it saw can be sent exactly what it missed.
/// `data` is a JSON object kept as text: the hub forwards it without re-encoding.
public struct LiveEvent: Equatable, Sendable {
    public let accountID: UUID
    public let seq: Int64
    public let type: String
    /// Milliseconds since 1970.
    public let at: Int64
    public let data: String

    public init(accountID: UUID, seq: Int64, type: String, at: Int64, data: String) {
        self.accountID = accountID
        self.seq = seq
        self.type = type
        self.at = at
        self.data = data
    }

    /// The wire form: `{"seq": n, "type": "...", "at": ms, "data": {...}}`.
    public var json: String {
        #"{"seq":\#(seq),"type":\#(LiveJSON.quote(type)),"at":\#(at),"data":\#(data)}"#
    }
}

/// A message the server sends that is not part of the numbered history
/// (errors, acknowledgements, resync, presence snapshots).
public enum LiveNotice {
    public static func json(type: String, at: Int64, data: String) -> String {
        #"{"type":\#(LiveJSON.quote(type)),"at":\#(at),"data":\#(data)}"#
    }
}

public enum LiveJSON {
    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// A JSON object from simple values, for event data the server writes itself.
    public static func object(_ fields: [String: Any]) -> String {
        guard JSONSerialization.isValidJSONObject(fields),
              let data = try? JSONSerialization.data(withJSONObject: fields)
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// What a (re)connecting device with `lastSeen` must be sent, given the history kept.
public enum ReplayPlan: Equatable, Sendable {
    /// Nothing missed.
    case upToDate
    /// Send the kept events after `lastSeen`.
    case replay(after: Int64)
    /// The gap is no longer in history (or `lastSeen` is from the future): reload state.
    case resync

    /// - Parameters:
    ///   - lastSeen: the client's last seq, nil for a first connection.
    ///   - latest: the account's newest seq (0 when it has none).
    ///   - oldestKept: the oldest seq still in history, nil when history is empty.
    public init(lastSeen: Int64?, latest: Int64, oldestKept: Int64?) {
        guard let lastSeen else { self = .upToDate; return }
        if lastSeen == latest { self = .upToDate; return }
        if lastSeen > latest { self = .resync; return }
        // Events lastSeen+1 … latest must all still be kept.
        guard let oldestKept, oldestKept <= lastSeen + 1 else { self = .resync; return }
        self = .replay(after: lastSeen)
    }
}

/// Rules for what devices may put on the channel.
public enum LiveRules {
    /// Event types are dotted lower-case words: `talk.run.started`, `device.find`.
    public static func checkType(_ type: String, field: String = "type") throws(ValidationError) {
        let parts = type.split(separator: ".", omittingEmptySubsequences: false)
        let valid = type.count <= 64 && parts.count >= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "_" } }
        guard valid else {
            throw ValidationError(field: field, "An event type is dotted lower-case words such as \"device.find\", not \"\(type)\".")
        }
    }

    /// How long events stay in history for reconnecting devices.
    public static let historyLifetime: TimeInterval = 15 * 60
    /// A connection may fall this many events behind before it is told to resync.
    public static let connectionBuffer = 256
}

import Foundation

/// Rules for what devices may put on the channel.
public enum LiveRules {
    /// Event types are dotted lower-case words: `talk.run.started`, `device.find`.
    public static func checkType(_ type: String, field: String = "type") throws(ValidationError) {
        let parts = type.split(separator: ".", omittingEmptySubsequences: false)
        let valid = type.count <= 64 && parts.count >= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "_" } }
        guard valid else {
            throw ValidationError(field: field, "An event type is dotted lower-case words such as \"device.find\", not \"\(type)\".",
                                  key: "devices.live.error.event_type", ["type": type])
        }
    }

    /// How long events stay in history for reconnecting devices.
    public static let historyLifetime: TimeInterval = 15 * 60
    /// A connection may fall this many events behind before it is told to resync.
    public static let connectionBuffer = 256
}

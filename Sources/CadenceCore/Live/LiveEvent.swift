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

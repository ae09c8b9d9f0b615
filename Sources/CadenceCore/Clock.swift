import Foundation

/// Where "now" comes from. Injected so tests control time (expiry, throttling windows).
public protocol WallClock: Sendable {
    func now() -> Date
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

extension Date {
    /// Milliseconds since 1970, the form times are stored in on both database engines.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    public init(millisecondsSince1970 ms: Int64) {
        self.init(timeIntervalSince1970: Double(ms) / 1000)
    }
}

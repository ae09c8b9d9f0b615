import Foundation

/// Where "now" comes from. Injected so tests control time (expiry, throttling windows).
public protocol WallClock: Sendable {
    func now() -> Date
}

import Foundation
import Talks

/// Everything a device showing the account's talk needs, sent whole on every change so no device asks twice:
/// the cast topic, its run if one is going, and the server's clock when this was read.
public struct CastState: Sendable {
    public let topic: Topic?
    public let run: StoredRun?
    /// Milliseconds since 1970: with a request's round trip, a device estimates its offset from the server's clock.
    public let serverTime: Int64

    public init(topic: Topic?, run: StoredRun?, serverTime: Int64) {
        self.topic = topic
        self.run = run
        self.serverTime = serverTime
    }
}

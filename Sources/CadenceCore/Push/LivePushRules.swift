import Foundation
import Synchronization

/// Which live events also go out as a push, and how they read: each feature registers its own (Spots its alerts,
/// Talks a cast), so the channel and the push delivery depend on no feature. The instance that keeps an event is
/// the one that pushes it, so an alert claimed once is pushed once.
public final class LivePushRules: Sendable {
    public typealias Rule = @Sendable (_ data: [String: Any]) -> PushNotification?

    private let rules = Mutex<[String: Rule]>([:])

    public init() {}

    public func register(_ eventType: String, _ rule: @escaping Rule) {
        rules.withLock { $0[eventType] = rule }
    }

    /// The notification an event makes, if it makes one.
    public func notification(for event: LiveEvent) -> PushNotification? {
        guard let rule = rules.withLock({ $0[event.type] }) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] else { return nil }
        return rule(object)
    }
}

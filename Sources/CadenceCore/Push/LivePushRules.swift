import Foundation
import Synchronization

/// Which live events also go out as a push, and how they read: each feature registers its own (Spots its alerts,
/// Talks a cast), so the channel and the push delivery depend on no feature. The instance that keeps an event is
/// the one that pushes it, so an alert claimed once is pushed once.
///
/// A push is said in the account's language: a rule registered with a catalogue gets that language's `Messages`
/// (the delivery looks the account's language up once per event, only when it has somewhere to send it; an account
/// that chose none gets English, as no browser is asking).
public final class LivePushRules: Sendable {
    /// A rule that says its words from the account's catalogue.
    public typealias Rule = @Sendable (_ data: [String: Any], _ messages: Messages) -> PushNotification?
    /// A rule whose words are its own (the same in every language).
    public typealias PlainRule = @Sendable (_ data: [String: Any]) -> PushNotification?

    private typealias Entry = @Sendable (_ data: [String: Any], _ language: Language) -> PushNotification?

    private let rules = Mutex<[String: Entry]>([:])

    public init() {}

    public func register(_ eventType: String, _ rule: @escaping PlainRule) {
        rules.withLock { $0[eventType] = { data, _ in rule(data) } }
    }

    /// A rule that reads the language's messages from `catalogue` (the feature's, usually `Catalogues.bundled`).
    public func register(_ eventType: String, catalogue: @escaping @Sendable (Language) -> Messages, _ rule: @escaping Rule) {
        rules.withLock { $0[eventType] = { data, language in rule(data, catalogue(language)) } }
    }

    /// The notification an event makes, if it makes one, in `language`.
    public func notification(for event: LiveEvent, in language: Language = .english) -> PushNotification? {
        guard let rule = rules.withLock({ $0[event.type] }) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] else { return nil }
        return rule(object, language)
    }
}

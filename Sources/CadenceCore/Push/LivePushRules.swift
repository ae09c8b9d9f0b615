import Foundation
import Synchronization

/// Which live events also go out as a push, and how they read: each feature registers its own (Spots its alerts,
/// Talks a cast), so the channel and the push delivery depend on no feature. The instance that keeps an event is
/// the one that pushes it, so an alert claimed once is pushed once.
///
/// A push is said in the account's language: a rule gets that language's `Messages` from the catalogue the rules were
/// made with (the delivery looks the account's language up once per event, only when it has somewhere to send it; an
/// account that chose none gets English, as no browser is asking).
public final class LivePushRules: Sendable {
    /// A rule that says its words from the account's catalogue.
    public typealias Rule = @Sendable (_ data: [String: Any], _ messages: Messages) -> PushNotification?

    private let rules = Mutex<[String: Rule]>([:])
    private let catalogue: @Sendable (Language) -> Messages

    /// `catalogue`: each language's messages (the server's are `Catalogues.bundled`).
    public init(catalogue: @escaping @Sendable (Language) -> Messages) {
        self.catalogue = catalogue
    }

    public func register(_ eventType: String, _ rule: @escaping Rule) {
        rules.withLock { $0[eventType] = rule }
    }

    /// The notification an event makes, if it makes one, in `language`.
    public func notification(for event: LiveEvent, in language: Language = .english) -> PushNotification? {
        guard let rule = rules.withLock({ $0[event.type] }) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] else { return nil }
        return rule(object, catalogue(language))
    }
}

import CadenceCore
import Foundation
import TempoService

/// A music upload whose analysis took more than a minute ends with a push: the tempos are ready to plan with.
/// Said in the account's language (`push.tempo.…`).
public enum TempoPushRules {
    /// Shorter analyses are not pushed.
    public static let longAnalysisSeconds = 60.0

    public static func register(on rules: LivePushRules) {
        rules.register(TempoLibrary.analysisEndedEventType) { data, messages in notification(data, messages: messages) }
    }

    /// The push an analysis queue's end makes, when it was long.
    public static func notification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let seconds = (data["seconds"] as? NSNumber)?.doubleValue, seconds >= longAnalysisSeconds else { return nil }
        let analysed = (data["analysed"] as? NSNumber)?.intValue ?? 0
        let failed = (data["failed"] as? NSNumber)?.intValue ?? 0
        var body = messages.plural("push.tempo.analysis.analysed", count: analysed)
        if failed > 0 {
            body = messages("push.tempo.analysis.with_failed",
                            ["analysed": body, "failed": messages.plural("push.tempo.analysis.failed", count: failed)])
        }
        return PushNotification(module: .tempo, title: messages("push.tempo.analysis.title"), body: body, tag: "tempo-analysis",
                                url: "/phone/tempo", urgency: .low, timeToLive: 86400)
    }
}

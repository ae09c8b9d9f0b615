import CadenceCore
import Foundation
import TempoService

/// A music upload whose analysis took more than a minute ends with a push: the tempos are ready to plan with.
public enum TempoPushRules {
    /// Shorter analyses are not pushed.
    public static let longAnalysisSeconds = 60.0

    public static func register(on rules: LivePushRules) {
        rules.register(TempoLibrary.analysisEndedEventType) { data in
            guard let seconds = (data["seconds"] as? NSNumber)?.doubleValue, seconds >= longAnalysisSeconds else { return nil }
            let analysed = (data["analysed"] as? NSNumber)?.intValue ?? 0
            let failed = (data["failed"] as? NSNumber)?.intValue ?? 0
            var body = "\(analysed) song\(analysed == 1 ? " has" : "s have") a tempo."
            if failed > 0 { body += " \(failed) could not be read." }
            return PushNotification(module: .tempo, title: "Your music is analysed", body: body, tag: "tempo-analysis",
                                    url: "/phone/tempo", urgency: .low, timeToLive: 86400)
        }
    }
}

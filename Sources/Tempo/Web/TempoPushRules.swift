import CadenceCore
import Foundation
import Tempo
import TempoService

/// A music upload whose analysis took more than a minute ends with a push: the tempos are ready to plan with.
/// Said in the account's language (`push.tempo.…`).
public enum TempoPushRules {
    /// Shorter analyses are not pushed.
    public static let longAnalysisSeconds = 60.0

    public static func register(on rules: LivePushRules) {
        rules.register(TempoLibrary.analysisEndedEventType) { data, messages in notification(data, messages: messages) }
        rules.register("tempo.wrist") { data, messages in wristNotification(data, messages: messages) }
    }

    /// A planned run's moment for a watch that mirrors the phone's notifications (issue 37): the interval's name as
    /// the title, its length and target as the body ("2:00 · 175 steps/min"), one notification per run that replaces
    /// the last (and still buzzes), dropped after 30 s rather than shown late, and not shown over the run's own page
    /// while it is in front.
    public static func wristNotification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let runID = data["runId"] as? String, let kind = data["kind"] as? String else { return nil }
        let number = LocaleFormat(language: messages.language)
        let title: String
        let body: String
        var vibrate = [250, 100, 250]
        switch kind {
        case "interval":
            guard let label = data["label"] as? String, let seconds = data["seconds"] as? Int else { return nil }
            title = label
            var parts = [PaceText.format(Double(seconds))]
            if let pace = data["pace"] as? Int {
                parts.append(messages("push.tempo.wrist.pace", ["pace": PaceText.format(Double(pace))]))
            } else if let cadence = data["cadence"] as? Int {
                let key = data["activity"] as? String == "cycling" ? "push.tempo.wrist.rpm" : "push.tempo.wrist.steps"
                let value = (data["cadenceEnd"] as? Int).map { "\(number.integer(cadence))–\(number.integer($0))" } ?? number.integer(cadence)
                parts.append(messages(key, ["value": value]))
            }
            if data["halfway"] as? Bool == true { parts.append(messages("push.tempo.wrist.halfway")) }
            body = parts.joined(separator: " · ")
        case "halfway":
            title = messages("push.tempo.wrist.halfway")
            body = messages("push.tempo.wrist.to_go", ["time": PaceText.format(Double(data["left"] as? Int ?? 0))])
            vibrate = [200, 100, 200, 100, 200]
        case "done":
            title = messages("push.tempo.wrist.done")
            let time = PaceText.format(Double(data["seconds"] as? Int ?? 0))
            body = (data["distance"] as? Double).map { messages("push.tempo.wrist.done_distance", ["km": number.decimal($0 / 1000), "time": time]) }
                ?? messages("push.tempo.wrist.done_time", ["time": time])
            vibrate = [600, 200, 600]
        case "heart_rate":
            guard let heartRate = data["heartRate"] as? Int, let zone = data["zone"] as? Int, let ceiling = data["ceiling"] as? Int else { return nil }
            title = messages("push.tempo.wrist.heart_rate_high")
            body = messages("push.tempo.wrist.heart_rate_body",
                            ["bpm": number.integer(heartRate), "zone": number.integer(zone), "ceiling": number.integer(ceiling)])
            vibrate = [400, 100, 400]
        default:
            return nil
        }
        var notification = PushNotification(module: .tempo, title: title, body: body, tag: "tempo-run-\(runID)", url: runPage,
                                            data: ["runId": runID], urgency: .high, timeToLive: 30)
        notification.wristCuesOnly = true
        notification.vibrate = vibrate
        notification.quietWhileOpen = runPage
        return notification
    }

    /// The live run's page, which shows every interval itself.
    static let runPage = "/phone/tempo/run"

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

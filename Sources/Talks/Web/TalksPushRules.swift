import CadenceCore
import Foundation
import Talks

/// Casting a talk also goes out as a push to the account's watches: the cue card is waiting on the wrist even when
/// the watch's page is closed. Only the cast itself pushes, not each run state that follows. The title is said in
/// the account's language (`push.talks.…`); the talk's own title stays as typed.
public enum TalksPushRules {
    public static func register(on rules: LivePushRules) {
        rules.register("talk.cast") { data, messages in notification(data, messages: messages) }
        rules.register("talk.wrist") { data, messages in wristNotification(data, messages: messages) }
    }

    /// A running talk's moment for a watch that mirrors the phone's notifications (issue 37): the keyword as the
    /// title and a body short enough for a watch face, one notification per run that replaces the last (and still
    /// buzzes), dropped by the push service after 30 s rather than shown late. The pace picks the buzz.
    public static func wristNotification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let runID = data["runId"] as? String, let kind = data["kind"] as? String else { return nil }
        let keyword = data["keyword"] as? String
        let left = CueTime.format(data["remaining"] as? Int ?? 0)
        let title: String
        var body: String
        var vibrate: [Int]
        switch kind {
        case "cue":
            guard let keyword, let index = data["index"] as? Int, let total = data["total"] as? Int else { return nil }
            title = keyword
            let position = ["n": String(index + 1), "total": String(total), "left": left]
            body = (data["next"] as? String).map { messages("push.talks.wrist.cue_next", position.merging(["next": $0]) { $1 }) }
                ?? messages("push.talks.wrist.cue_last", position)
            vibrate = switch data["pace"] as? String {
            case "dueSoon": [200, 100, 200]
            case "overdue": [400, 100, 400, 100, 400]
            default: [250]
            }
        case "left":
            title = messages("push.talks.wrist.two_minutes")
            body = keyword.map { messages("push.talks.wrist.now", ["keyword": $0]) } ?? ""
            vibrate = [300, 150, 300]
        case "end":
            title = messages("push.talks.wrist.times_up")
            body = keyword.map { messages("push.talks.wrist.now", ["keyword": $0]) } ?? ""
            vibrate = [600, 200, 600]
        default:
            return nil
        }
        let topicPath = (data["topicId"] as? String).map { "/phone/talks/\($0)" } ?? "/phone/talks"
        var notification = PushNotification(
            module: .talks, title: title, body: body, tag: "talk-\(runID)", url: topicPath,
            actions: kind == "end" ? [] : [.init(action: "talk-next", title: messages("push.talks.wrist.action.next")),
                                           .init(action: "talk-pause", title: messages("push.talks.wrist.action.pause"))],
            data: ["runId": runID], urgency: .high, timeToLive: 30,
            texts: ["next_failed": messages("push.talks.wrist.action.next_failed"), "pause_failed": messages("push.talks.wrist.action.pause_failed"),
                    "no_network": messages("push.spots.action.no_network"), "server_answered": messages("push.spots.action.server_answered")])
        notification.wristCuesOnly = true
        notification.vibrate = vibrate
        return notification
    }

    /// The push a cast makes.
    public static func notification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let topic = data["topic"] as? [String: Any], data["run"] == nil || data["run"] is NSNull,
              let title = topic["title"] as? String
        else { return nil }
        return PushNotification(
            module: .talks, title: messages("push.talks.cast.title"), body: title, tag: "talk-cast", url: "/watch",
            urgency: .normal, timeToLive: 600, roles: [.watch])
    }
}

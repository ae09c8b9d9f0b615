import CadenceCore
import Foundation

/// Casting a talk also goes out as a push to the account's watches: the cue card is waiting on the wrist even when
/// the watch's page is closed. Only the cast itself pushes, not each run state that follows. The title is said in
/// the account's language (`push.talks.…`); the talk's own title stays as typed.
public enum TalksPushRules {
    public static func register(on rules: LivePushRules) {
        rules.register("talk.cast") { data, messages in notification(data, messages: messages) }
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

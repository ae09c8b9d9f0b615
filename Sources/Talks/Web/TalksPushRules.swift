import CadenceCore
import Foundation

/// Casting a talk also goes out as a push to the account's watches: the cue card is waiting on the wrist even when
/// the watch's page is closed. Only the cast itself pushes, not each run state that follows.
public enum TalksPushRules {
    public static func register(on rules: LivePushRules) {
        rules.register("talk.cast") { data in
            guard let topic = data["topic"] as? [String: Any], data["run"] == nil || data["run"] is NSNull,
                  let title = topic["title"] as? String
            else { return nil }
            return PushNotification(
                module: .talks, title: "Your talk is on your watch", body: title, tag: "talk-cast", url: "/watch",
                urgency: .normal, timeToLive: 600, roles: [.watch])
        }
    }
}

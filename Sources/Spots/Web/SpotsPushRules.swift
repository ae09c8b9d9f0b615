import CadenceCore
import Foundation
import SpotsService

/// A Spots alert also goes out as a push (R4), from the instance that claimed it, so it reaches a phone in a bag
/// with no Spots page open. Its actions complete or snooze the reminder from the notification. It is said in the
/// account's language (`push.spots.…`); the reminder's title, notes and place name stay as typed.
public enum SpotsPushRules {
    public static func register(on rules: LivePushRules) {
        rules.register(SpotsAlert.type) { data, messages in notification(data, messages: messages) }
    }

    /// The push an alert event makes.
    public static func notification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let id = data["reminderId"] as? String, let title = data["title"] as? String else { return nil }
        let place = data["placeName"] as? String
        var body: String
        switch data["kind"] as? String {
        case "arrive": body = place.map { messages("push.spots.alert.arrived", ["place": $0]) } ?? messages("push.spots.alert.arrived_unnamed")
        case "leave": body = place.map { messages("push.spots.alert.left", ["place": $0]) } ?? messages("push.spots.alert.left_unnamed")
        default: body = messages((data["late"] as? Bool == true) ? "push.spots.alert.late" : "push.spots.alert.due")
        }
        // Mirrored on a watch face: the notes' first words, not the whole of them (the phone's page has them all).
        if let notes = data["notes"] as? String, !notes.isEmpty {
            body = messages("push.spots.alert.with_notes", ["alert": body, "notes": WatchFaceText.shortened(notes)])
        }
        var alertData = ["reminderId": id, "kind": data["kind"] as? String ?? "time"]
        if let due = data["due"] as? Int64 ?? (data["due"] as? NSNumber)?.int64Value { alertData["due"] = String(due) }
        return PushNotification(
            module: .spots, title: title, body: body, tag: "spots-\(id)", url: "/phone/spots",
            actions: [.init(action: "complete", title: messages("push.spots.action.complete")),
                      .init(action: "snooze", title: messages("push.spots.action.snooze"))],
            data: alertData, urgency: .high, timeToLive: 3600, requireInteraction: true,
            texts: ["complete_failed": messages("push.spots.action.complete_failed"), "snooze_failed": messages("push.spots.action.snooze_failed"),
                    "no_network": messages("push.spots.action.no_network"), "server_answered": messages("push.spots.action.server_answered")])
    }
}

import CadenceCore
import Foundation
import SpotsService

/// A Spots alert also goes out as a push (R4), from the instance that claimed it, so it reaches a phone in a bag
/// with no Spots page open. Its actions complete or snooze the reminder from the notification.
public enum SpotsPushRules {
    public static func register(on rules: LivePushRules) {
        rules.register(SpotsAlert.type) { data in
            guard let id = data["reminderId"] as? String, let title = data["title"] as? String else { return nil }
            let place = data["placeName"] as? String
            var body: String
            switch data["kind"] as? String {
            case "arrive": body = "You arrived at \(place ?? "the place")."
            case "leave": body = "You left \(place ?? "the place")."
            default: body = (data["late"] as? Bool == true) ? "Was due while the server was down." : "Due now."
            }
            if let notes = data["notes"] as? String, !notes.isEmpty { body += " \(notes)" }
            var alertData = ["reminderId": id, "kind": data["kind"] as? String ?? "time"]
            if let due = data["due"] as? Int64 ?? (data["due"] as? NSNumber)?.int64Value { alertData["due"] = String(due) }
            return PushNotification(
                module: .spots, title: title, body: body, tag: "spots-\(id)", url: "/phone/spots",
                actions: [.init(action: "complete", title: "Complete"), .init(action: "snooze", title: "Snooze 10 min")],
                data: alertData, urgency: .high, timeToLive: 3600, requireInteraction: true)
        }
    }
}

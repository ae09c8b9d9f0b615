import CadenceCore
import Foundation

/// "Find my device" also goes out as a push to that device alone, so a watch in a drawer with its page closed
/// still rings. It is said in the account's language (`devices.push.find.…`); without a catalogue, in English.
public enum DevicePushRules {
    public static func register(on rules: LivePushRules) {
        rules.register(LiveEventType.deviceFind) { data, messages in notification(data, messages: messages) }
    }

    /// The push a find event makes.
    public static func notification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let text = data["deviceId"] as? String, let deviceID = UUID(uuidString: text) else { return nil }
        let by = data["by"] as? String
        func say(_ key: String, _ values: [String: String], english: String) -> String {
            messages.has(key) ? messages(key, values) : english
        }
        let body = by.map { say("devices.push.find.body_by", ["name": $0], english: "This device was asked to ring — \($0) is looking for it.") }
            ?? say("devices.push.find.body", [:], english: "This device was asked to ring.")
        return PushNotification(
            module: .devices, title: say("devices.push.find.title", [:], english: "Find my device"), body: body, tag: "find-\(text)", url: "/",
            urgency: .high, timeToLive: 300, device: deviceID, requireInteraction: true)
    }
}

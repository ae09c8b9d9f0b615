import CadenceCore
import Foundation

/// "Find my device" also goes out as a push to that device alone, so a watch in a drawer with its page closed
/// still rings.
public enum DevicePushRules {
    public static func register(on rules: LivePushRules) {
        rules.register(LiveEventType.deviceFind) { data in
            guard let text = data["deviceId"] as? String, let deviceID = UUID(uuidString: text) else { return nil }
            let by = (data["by"] as? String).map { " — \($0) is looking for it" } ?? ""
            return PushNotification(
                module: .devices, title: "Find my device", body: "This device was asked to ring\(by).", tag: "find-\(text)", url: "/",
                urgency: .high, timeToLive: 300, device: deviceID, requireInteraction: true)
        }
    }
}

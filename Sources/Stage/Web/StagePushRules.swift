import CadenceCore
import Foundation
import StageService

/// An import that took more than a minute ends with a push: the person has long since put the phone away. A quick
/// one is seen on the page that is still open.
public enum StagePushRules {
    /// Shorter imports are not pushed.
    public static let longImportSeconds = 60.0

    public static func register(on rules: LivePushRules) {
        rules.register(ImportJob.endedEventType) { data in
            guard let seconds = (data["seconds"] as? NSNumber)?.doubleValue, seconds >= longImportSeconds,
                  let jobID = data["jobId"] as? String, let filename = data["filename"] as? String
            else { return nil }
            let done = data["state"] as? String == ImportJob.State.done.rawValue
            let detail = done ? (data["stage"] as? String ?? "Imported") : (data["message"] as? String ?? "The import failed.")
            return PushNotification(
                module: .stage, title: done ? "Slides imported" : "Slide import failed", body: "\(filename): \(detail)",
                tag: "stage-import-\(jobID)", url: "/phone/stage", urgency: .normal, timeToLive: 86400)
        }
    }
}

import CadenceCore
import Foundation
import StageService

/// An import that took more than a minute ends with a push: the person has long since put the phone away. A quick
/// one is seen on the page that is still open. Said in the account's language (`push.stage.…`); the file's name
/// stays as it was.
public enum StagePushRules {
    /// Shorter imports are not pushed.
    public static let longImportSeconds = 60.0

    public static func register(on rules: LivePushRules) {
        rules.register(ImportJob.endedEventType) { data, messages in notification(data, messages: messages) }
    }

    /// The push an import's end makes, when the import was long.
    public static func notification(_ data: [String: Any], messages: Messages) -> PushNotification? {
        guard let seconds = (data["seconds"] as? NSNumber)?.doubleValue, seconds >= longImportSeconds,
              let jobID = data["jobId"] as? String, let filename = data["filename"] as? String
        else { return nil }
        let done = data["state"] as? String == ImportJob.State.done.rawValue
        let detail = done ? said([data["stageKey"]], messages: messages) ?? messages("push.stage.import.imported")
            : said(data["messageKeys"] as? [Any] ?? [], messages: messages) ?? data["message"] as? String ?? messages("push.stage.import.failed")
        return PushNotification(
            module: .stage, title: messages(done ? "push.stage.import.done_title" : "push.stage.import.failed_title"),
            body: messages("push.stage.import.body", ["filename": filename, "detail": detail]),
            tag: "stage-import-\(jobID)", url: "/phone/stage", urgency: .normal, timeToLive: 86400)
    }

    /// What the import said, by key, in the language; nil when a sentence has no key the catalogue knows (the
    /// English then says it).
    static func said(_ keys: [Any?], messages: Messages) -> String? {
        let sentences = keys.compactMap { item in
            item.flatMap { try? JSONDecoder().decode(MessageKey.self, from: JSONSerialization.data(withJSONObject: $0)) }
        }
        return sentences.count == keys.count ? messages.say(all: sentences) : nil
    }
}

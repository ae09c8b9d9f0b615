import CadenceCore
import Foundation
import Talks
import TalksService

/// `/phone/talks/{id}/delete`: the confirmation.
struct TalkDeletePage: Sendable {
    let id: String
    /// "“Title”, its cues and its runs will be gone for good." (the title as typed).
    let warning: String

    init(topic: Topic, messages: Messages) {
        id = topic.id.uuidString.lowercased()
        warning = messages("talks.delete.warning", ["title": topic.title])
    }
}

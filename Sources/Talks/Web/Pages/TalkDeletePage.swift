import Foundation
import Talks
import TalksService

/// `/phone/talks/{id}/delete`: the confirmation.
struct TalkDeletePage: Sendable {
    let id: String
    let topicTitle: String
}

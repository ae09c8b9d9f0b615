import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

/// The JSON shapes of the Talks API: what it reads, and what it answers (and sends on the live channel).
struct TopicSummary: JSONResponse {
    let id: UUID
    let title: String
    let duration: Int
    let cueCount: Int

    init(_ topic: Topic) {
        id = topic.id
        title = topic.title
        duration = topic.duration
        cueCount = topic.cues.count
    }
}

import Foundation
import Talks
import TalksService

/// `/phone/talks`: the account's talks and the form for a new one.
struct TalkListPage: Sendable {
    struct Row: Sendable {
        let id: String
        let title: String
        let duration: String
        let cueCount: Int
    }

    let topics: [Row]
    let hasTopics: Bool
    let newTitle: FieldView
    let newDuration: FieldView
    let error: String?

    init(topics: [Topic], refusal: FormRefusal?) {
        self.topics = topics.map {
            Row(id: $0.id.uuidString.lowercased(), title: $0.title, duration: CueTime.format($0.duration), cueCount: $0.cues.count)
        }
        hasTopics = !topics.isEmpty
        newTitle = FormRefusal.field("title", saved: "", of: .newTopic, refusal)
        newDuration = FormRefusal.field("duration", saved: "1:00", of: .newTopic, refusal)
        error = refusal?.error.message
    }
}

import CadenceCore
import Foundation
import Talks
import TalksService
import Web

/// `/phone/talks`: the account's talks and the form for a new one.
struct TalkListPage: Sendable {
    struct Row: Sendable {
        let id: String
        let title: String
        /// "4:00 · 3 cues".
        let summary: String
    }

    let topics: [Row]
    let hasTopics: Bool
    let newTitle: FieldView
    let newDuration: FieldView
    let error: String?

    init(topics: [Topic], refusal: FormRefusal?, messages: Messages) {
        let format = LocaleFormat(language: messages.language)
        self.topics = topics.map {
            Row(id: $0.id.uuidString.lowercased(), title: $0.title,
                summary: messages.plural("talks.list.summary", count: $0.cues.count, ["duration": format.duration(seconds: $0.duration)]))
        }
        hasTopics = !topics.isEmpty
        newTitle = FormRefusal.field("title", saved: "", of: .newTopic, refusal)
        newDuration = FormRefusal.field("duration", saved: "1:00", of: .newTopic, refusal)
        error = refusal.flatMap { APIError.refusal($0.error)?.message(in: messages) }
    }
}

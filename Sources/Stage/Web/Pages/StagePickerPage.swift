import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/series/{id}`: the talk picker, its language toolbar, and what the last action did.
struct StagePickerPage: Sendable {
    struct TalkRow: Sendable {
        let id: String
        let title: String
        let detail: String
        let cover: String?
        let editLabel: String
        let handoutLabel: String
        let emailLabel: String
    }

    let id: String
    let talks: [TalkRow]
    let hasTalks: Bool
    let languagesText: String
    let slideLanguages: [StageChoice]
    let notesLanguages: [StageChoice]
    let error: String?
    let notice: String?

    init(_ series: Series, talks: [(talk: StageTalk, cover: String?)], error: String?, notice: String?, words: StageWords) {
        id = StagePagesController.id(series.id)
        self.talks = talks.map { talk, cover in
            let hidden = talk.arrangement.filter(\.hidden).count
            let slides = words.slides(talk.arrangement.count - hidden)
            return TalkRow(id: StagePagesController.id(talk.id), title: talk.title,
                           detail: hidden > 0 ? words("stage.picker.detail_hidden", ["slides": slides, "hidden": String(hidden)]) : slides,
                           cover: cover,
                           editLabel: words("stage.picker.edit_label", ["title": talk.title]),
                           handoutLabel: words("stage.picker.handout_label", ["title": talk.title]),
                           emailLabel: words("stage.picker.email_label", ["title": talk.title]))
        }
        hasTalks = !talks.isEmpty
        languagesText = words("stage.picker.languages_now", ["slides": words.languageName(series.slideLanguage),
                                                              "notes": words.languageName(series.notesLanguage)])
        slideLanguages = words.languageChoices(series.slideLanguages, current: series.slideLanguage)
        notesLanguages = words.languageChoices(series.notesLanguages, current: series.notesLanguage)
        self.error = error
        self.notice = notice
    }
}

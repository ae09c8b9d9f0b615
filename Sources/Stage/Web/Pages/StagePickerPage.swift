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
    }

    let id: String
    let talks: [TalkRow]
    let hasTalks: Bool
    let slideLanguageName: String
    let notesLanguageName: String
    let slideLanguages: [StageChoice]
    let notesLanguages: [StageChoice]
    let error: String?
    let notice: String?

    init(_ series: Series, talks: [(talk: StageTalk, cover: String?)], error: String?, notice: String?) {
        id = StagePagesController.id(series.id)
        self.talks = talks.map { talk, cover in
            let hidden = talk.arrangement.filter(\.hidden).count
            return TalkRow(id: StagePagesController.id(talk.id), title: talk.title,
                           detail: StagePagesController.count(talk.arrangement.count - hidden, "slide") + (hidden > 0 ? " · \(hidden) hidden" : ""),
                           cover: cover)
        }
        hasTalks = !talks.isEmpty
        slideLanguageName = LanguageTag.name(of: series.slideLanguage)
        notesLanguageName = LanguageTag.name(of: series.notesLanguage)
        slideLanguages = StageChoice.languages(series.slideLanguages, current: series.slideLanguage)
        notesLanguages = StageChoice.languages(series.notesLanguages, current: series.notesLanguage)
        self.error = error
        self.notice = notice
    }
}

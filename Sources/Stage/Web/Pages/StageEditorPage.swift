import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/talks/{id}/edit`: the editor's shell over the variations API.
struct StageEditorPage: Sendable {
    let talkId: String
    let talkTitle: String
    let seriesId: String
    let seriesTitle: String
    /// Space-separated, the series' main language first.
    let slideLanguages: String
    let notesLanguage: String
    let slideLanguage: String
    let heading: String

    init(_ talk: StageTalk, in series: Series, words: StageWords) {
        talkId = StagePagesController.id(talk.id)
        talkTitle = talk.title
        seriesId = StagePagesController.id(series.id)
        seriesTitle = series.title
        slideLanguages = ([series.slideLanguage] + series.slideLanguages).joined(separator: " ")
        notesLanguage = series.notesLanguage
        slideLanguage = series.slideLanguage
        heading = words("stage.edit.heading", ["title": talk.title])
    }
}

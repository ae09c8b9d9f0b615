import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/talks/{id}`: the presenter's shell (its script drives it over the API and the live channel).
/// Its toolbar holds three independent language choices (seed 002): the slides' and the notes' (the series'
/// chosen languages) and the interface's own (the account's language setting).
struct StagePresenterPage: Sendable {
    let talkId: String
    let talkTitle: String
    let seriesId: String
    let advanceMethod: String
    let screenMode: String
    let mirroring: Bool
    let appealKinds: [StageChoice]
    /// The content languages shown now: every slide's and note's element carries its own `lang`.
    let slideLanguage: String
    let notesLanguage: String
    let slideLanguages: [StageChoice]
    let notesLanguages: [StageChoice]
    let appLanguages: [StageChoice]
    let bodyClass = "page stage presenter-page"
    let live = true

    init(_ talk: StageTalk, in series: Series, preferences: StagePreferences, words: StageWords) {
        talkId = StagePagesController.id(talk.id)
        talkTitle = talk.title
        seriesId = StagePagesController.id(talk.seriesID)
        advanceMethod = preferences.advanceMethod.rawValue
        screenMode = preferences.screenMode.rawValue
        mirroring = preferences.screenMode == .mirror
        appealKinds = AppealKind.allCases.map { StageChoice(value: $0.rawValue, label: words.appealKind($0)) }
        slideLanguage = series.slideLanguage
        notesLanguage = series.notesLanguage
        slideLanguages = words.languageChoices(series.slideLanguages, current: series.slideLanguage)
        notesLanguages = words.languageChoices(series.notesLanguages, current: series.notesLanguage)
        appLanguages = words.appLanguages()
    }
}

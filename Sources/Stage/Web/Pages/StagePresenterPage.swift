import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/talks/{id}`: the presenter's shell (its script drives it over the API and the live channel).
struct StagePresenterPage: Sendable {
    let talkId: String
    let talkTitle: String
    let seriesId: String
    let advanceMethod: String
    let screenMode: String
    let mirroring: Bool
    let appealKinds = AppealKind.allCases.map { StageChoice(value: $0.rawValue, label: $0.label) }
    let bodyClass = "page stage presenter-page"
    let live = true

    init(_ talk: StageTalk, preferences: StagePreferences) {
        talkId = StagePagesController.id(talk.id)
        talkTitle = talk.title
        seriesId = StagePagesController.id(talk.seriesID)
        advanceMethod = preferences.advanceMethod.rawValue
        screenMode = preferences.screenMode.rawValue
        mirroring = preferences.screenMode == .mirror
    }
}

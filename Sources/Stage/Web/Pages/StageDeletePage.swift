import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/series/{id}/delete`: the confirmation, with what goes.
struct StageDeletePage: Sendable {
    let id: String
    let seriesTitle: String
    let heading: String
    let detail: String

    init(_ series: Series, summary: SeriesSummary?, words: StageWords) {
        id = StagePagesController.id(series.id)
        seriesTitle = series.title
        heading = words("stage.delete.heading", ["title": series.title])
        let what = summary.map {
            words("stage.delete.summary", ["talks": words.talks($0.talkCount), "slides": words.slides($0.slideCount),
                                           "size": words.size($0.bytes)])
        } ?? ""
        detail = words("stage.delete.detail", ["what": what])
    }
}

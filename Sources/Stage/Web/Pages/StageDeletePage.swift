import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/series/{id}/delete`: the confirmation, with what goes.
struct StageDeletePage: Sendable {
    let id: String
    let seriesTitle: String
    let detail: String

    init(_ series: Series, summary: SeriesSummary?) {
        id = StagePagesController.id(series.id)
        seriesTitle = series.title
        detail = summary.map {
            "\(StagePagesController.count($0.talkCount, "talk")), \(StagePagesController.count($0.slideCount, "slide")), "
                + StagePagesController.size($0.bytes)
        } ?? ""
    }
}

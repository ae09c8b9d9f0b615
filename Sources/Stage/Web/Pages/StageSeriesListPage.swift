import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/series`: every series to load a talk from, with its cover.
struct StageSeriesListPage: Sendable {
    struct Row: Sendable {
        let id: String
        let title: String
        let isDemo: Bool
        let detail: String
        let cover: String?
    }

    let series: [Row]
    let hasSeries: Bool

    init(_ summaries: [(summary: SeriesSummary, cover: String?)]) {
        series = summaries.map { summary, cover in
            Row(id: StagePagesController.id(summary.series.id), title: summary.series.title, isDemo: summary.series.isDemo,
                detail: "\(StagePagesController.count(summary.talkCount, "talk")) · \(StagePagesController.count(summary.slideCount, "slide")) · "
                    + "slides in \(StagePagesController.languageList(summary.series.slideLanguages))",
                cover: cover)
        }
        hasSeries = !series.isEmpty
    }
}

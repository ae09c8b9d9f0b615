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
    let emptyText: String

    init(_ summaries: [(summary: SeriesSummary, cover: String?)], words: StageWords) {
        series = summaries.map { summary, cover in
            Row(id: StagePagesController.id(summary.series.id), title: summary.series.title, isDemo: summary.series.isDemo,
                detail: words(summary.series.isDemo ? "stage.series.detail_demo" : "stage.series.detail", [
                    "talks": words.talks(summary.talkCount), "slides": words.slides(summary.slideCount),
                    "languages": words.languageList(summary.series.slideLanguages),
                ]),
                cover: cover)
        }
        hasSeries = !series.isEmpty
        emptyText = words.html("stage.series.empty", href: "/phone/stage/import")
    }
}

import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/import`: the upload form, with the series a talk can join.
struct StageImportPage: Sendable {
    struct SeriesOption: Sendable {
        let id: String
        let title: String
    }

    let series: [SeriesOption]
    let hasSeries: Bool
    let maxSize: String
    let intro: String
    let hint: String

    init(_ summaries: [SeriesSummary], maximumUploadBytes: Int, words: StageWords) {
        series = summaries.map { SeriesOption(id: StagePagesController.id($0.series.id), title: $0.series.title) }
        hasSeries = !series.isEmpty
        maxSize = words.size(Int64(maximumUploadBytes))
        intro = words("stage.import.intro", ["size": maxSize])
        hint = words.html("stage.import.hint", href: "/phone/stage/catalogue")
    }
}

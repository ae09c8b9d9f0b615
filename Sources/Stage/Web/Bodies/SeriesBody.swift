import Foundation
import Hummingbird
import Stage
import StageService
import Web

/// The JSON shapes of the Stage API.
struct SeriesBody: JSONResponse {
    let id: UUID
    let title: String
    let slideLanguages: [String]
    let notesLanguages: [String]
    let slideLanguage: String
    let notesLanguage: String
    let isDemo: Bool
    let talkCount: Int?
    let slideCount: Int?
    let bytes: Int64?

    init(_ series: Series, summary: SeriesSummary? = nil) {
        id = series.id
        title = series.title
        slideLanguages = series.slideLanguages
        notesLanguages = series.notesLanguages
        slideLanguage = series.slideLanguage
        notesLanguage = series.notesLanguage
        isDemo = series.isDemo
        talkCount = summary?.talkCount
        slideCount = summary?.slideCount
        bytes = summary?.bytes
    }
}

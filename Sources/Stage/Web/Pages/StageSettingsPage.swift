import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/settings`: storage per series, how to advance, the presentation logs.
struct StageSettingsPage: Sendable {
    struct SeriesSize: Sendable {
        let id: String
        let title: String
        let size: String
        let detail: String
    }

    struct Log: Sendable {
        let id: String
        let title: String
        let when: String
        let duration: String
    }

    let series: [SeriesSize]
    let hasSeries: Bool
    let total: String
    let totalText: String
    let methods: [StageChoice]
    let logs: [Log]
    let hasLogs: Bool
    let error: String?
    let notice: String?

    init(_ summaries: [SeriesSummary], preferences: StagePreferences, logs: [(id: UUID, log: PresentationLog)],
         error: String?, notice: String?, words: StageWords) {
        series = summaries.map { summary in
            SeriesSize(id: StagePagesController.id(summary.series.id), title: summary.series.title,
                       size: words.size(summary.bytes),
                       detail: words("stage.settings.series_detail", ["talks": words.talks(summary.talkCount),
                                                                      "slides": words.slides(summary.slideCount)]))
        }
        hasSeries = !series.isEmpty
        total = words.size(summaries.reduce(0) { $0 + $1.bytes })
        totalText = words("stage.settings.total", ["size": total])
        methods = AdvanceMethod.allCases.map { StageChoice(value: $0.rawValue, label: words.advanceMethod($0), selected: $0 == preferences.advanceMethod) }
        self.logs = logs.map { entry in
            Log(id: StagePagesController.id(entry.id), title: entry.log.talkTitle,
                when: LocaleFormat(language: words.messages.language).dateTime(Date(millisecondsSince1970: entry.log.startedAt)),
                duration: StagePagesController.duration(entry.log.durationMs))
        }
        hasLogs = !logs.isEmpty
        self.error = error
        self.notice = notice
    }
}

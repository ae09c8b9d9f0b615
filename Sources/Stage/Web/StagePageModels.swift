import CadenceCore
import Foundation
import Stage
import StageService

// What the phone's Stage pages show, one type per template (`stage-home`, `-series`, `-picker`, `-delete`,
// `-present`, `-edit`, `-import`, `-catalogue`, `-settings`).

/// A value and its label in a choice list (radio buttons, `<select>` options).
struct StageChoice: Sendable {
    let value: String
    let label: String
    let selected: Bool

    init(value: String, label: String, selected: Bool = false) {
        self.value = value
        self.label = label
        self.selected = selected
    }

    static func languages(_ tags: [String], current: String) -> [StageChoice] {
        tags.map { StageChoice(value: $0, label: LanguageTag.name(of: $0), selected: $0 == current) }
    }
}

/// `/phone/stage`: the menu, with the last talk presented.
struct StageHomePage: Sendable {
    struct LastTalk: Sendable {
        let id: String
        let title: String
    }

    let lastTalk: LastTalk?

    init(lastTalk talk: StageTalk?) {
        lastTalk = talk.map { LastTalk(id: StagePagesController.id($0.id), title: $0.title) }
    }
}

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

/// `/phone/stage/series/{id}`: the talk picker, its language toolbar, and what the last action did.
struct StagePickerPage: Sendable {
    struct TalkRow: Sendable {
        let id: String
        let title: String
        let detail: String
        let cover: String?
    }

    let id: String
    let talks: [TalkRow]
    let hasTalks: Bool
    let slideLanguageName: String
    let notesLanguageName: String
    let slideLanguages: [StageChoice]
    let notesLanguages: [StageChoice]
    let error: String?
    let notice: String?

    init(_ series: Series, talks: [(talk: StageTalk, cover: String?)], error: String?, notice: String?) {
        id = StagePagesController.id(series.id)
        self.talks = talks.map { talk, cover in
            let hidden = talk.arrangement.filter(\.hidden).count
            return TalkRow(id: StagePagesController.id(talk.id), title: talk.title,
                           detail: StagePagesController.count(talk.arrangement.count - hidden, "slide") + (hidden > 0 ? " · \(hidden) hidden" : ""),
                           cover: cover)
        }
        hasTalks = !talks.isEmpty
        slideLanguageName = LanguageTag.name(of: series.slideLanguage)
        notesLanguageName = LanguageTag.name(of: series.notesLanguage)
        slideLanguages = StageChoice.languages(series.slideLanguages, current: series.slideLanguage)
        notesLanguages = StageChoice.languages(series.notesLanguages, current: series.notesLanguage)
        self.error = error
        self.notice = notice
    }
}

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

/// `/phone/stage/talks/{id}/edit`: the editor's shell over the variations API.
struct StageEditorPage: Sendable {
    let talkId: String
    let talkTitle: String
    let seriesId: String
    let seriesTitle: String
    /// Space-separated, the series' main language first.
    let slideLanguages: String
    let notesLanguage: String

    init(_ talk: StageTalk, in series: Series) {
        talkId = StagePagesController.id(talk.id)
        talkTitle = talk.title
        seriesId = StagePagesController.id(series.id)
        seriesTitle = series.title
        slideLanguages = ([series.slideLanguage] + series.slideLanguages).joined(separator: " ")
        notesLanguage = series.notesLanguage
    }
}

/// `/phone/stage/import`: the upload form, with the series a talk can join.
struct StageImportPage: Sendable {
    struct SeriesOption: Sendable {
        let id: String
        let title: String
    }

    let series: [SeriesOption]
    let hasSeries: Bool
    let maxSize: String

    init(_ summaries: [SeriesSummary], maximumUploadBytes: Int) {
        series = summaries.map { SeriesOption(id: StagePagesController.id($0.series.id), title: $0.series.title) }
        hasSeries = !series.isEmpty
        maxSize = StagePagesController.size(Int64(maximumUploadBytes))
    }
}

/// `/phone/stage/catalogue` (S8): what can be downloaded, its size against the free space, what is locked.
struct StageCataloguePage: Sendable {
    struct Entry: Sendable {
        let id: String
        let title: String
        let bytes: Int64
        let sha256: String
        let size: String
        let languages: String
        let locked: Bool
        let installed: Bool
        let passwordProtected: Bool
        let tooBig: Bool
    }

    let entries: [Entry]
    let hasEntries: Bool
    let hasLocked: Bool
    let freeBytes: Int64
    let free: String
    /// The download step in bytes.
    let chunk: Int
    let sortName: Bool
    let sortAvailability: Bool
    let error: String?
    let notice: String?
    /// The activation code typed before a refusal.
    let code: String?

    init(_ items: [StageCatalogue.Item], freeBytes: Int64, chunk: Int, sort: StageCatalogue.Sort,
         error: String?, notice: String?, code: String?) {
        entries = items.map { item in
            Entry(id: item.record.id, title: item.record.title, bytes: item.record.bytes, sha256: item.record.sha256,
                  size: StagePagesController.size(item.record.bytes), languages: StagePagesController.languageList(item.record.languages),
                  locked: item.locked, installed: item.installed, passwordProtected: item.record.passwordProtected,
                  tooBig: item.record.bytes > freeBytes)
        }
        hasEntries = !items.isEmpty
        hasLocked = items.contains(where: \.locked)
        self.freeBytes = freeBytes
        free = StagePagesController.size(freeBytes)
        self.chunk = chunk
        sortName = sort == .name
        sortAvailability = sort == .availability
        self.error = error
        self.notice = notice
        self.code = code
    }
}

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
    let methods: [StageChoice]
    let logs: [Log]
    let hasLogs: Bool
    let error: String?
    let notice: String?

    init(_ summaries: [SeriesSummary], preferences: StagePreferences, logs: [(id: UUID, log: PresentationLog)],
         error: String?, notice: String?) {
        series = summaries.map { summary in
            SeriesSize(id: StagePagesController.id(summary.series.id), title: summary.series.title,
                       size: StagePagesController.size(summary.bytes),
                       detail: "\(StagePagesController.count(summary.talkCount, "talk")), \(StagePagesController.count(summary.slideCount, "slide"))")
        }
        hasSeries = !series.isEmpty
        total = StagePagesController.size(summaries.reduce(0) { $0 + $1.bytes })
        methods = AdvanceMethod.allCases.map { StageChoice(value: $0.rawValue, label: $0.label, selected: $0 == preferences.advanceMethod) }
        self.logs = logs.map { entry in
            Log(id: StagePagesController.id(entry.id), title: entry.log.talkTitle,
                when: Date(millisecondsSince1970: entry.log.startedAt).formatted(date: .abbreviated, time: .shortened),
                duration: StagePagesController.duration(entry.log.durationMs))
        }
        hasLogs = !logs.isEmpty
        self.error = error
        self.notice = notice
    }
}

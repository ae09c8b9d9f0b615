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

struct TalkSummaryBody: JSONResponse {
    let id: UUID
    let seriesId: UUID
    let title: String
    let slideCount: Int
    let hiddenCount: Int
    let appeal: AppealChoice

    init(_ talk: StageTalk) {
        id = talk.id
        seriesId = talk.seriesID
        title = talk.title
        slideCount = talk.arrangement.count
        hiddenCount = talk.arrangement.filter(\.hidden).count
        appeal = talk.appeal
    }
}

struct SeriesDetailBody: JSONResponse {
    let series: SeriesBody
    let talks: [TalkSummaryBody]
}

/// A slide as stored: every language, for editing and export.
struct SlideBody: Encodable {
    let id: UUID
    let kind: SlideKind
    let hidden: Bool
    let title: String?
    let media: [String: String]
    let notes: [String: String]
    let overlays: [Overlay]
    let appeal: AppealTag?

    init(_ slide: Slide, hidden: Bool) {
        id = slide.id
        kind = slide.kind
        self.hidden = hidden
        title = slide.title
        media = slide.media.values.mapValues(StageLibrary.assetURL)
        notes = slide.notes.values
        overlays = slide.overlays
        appeal = slide.appeal
    }
}

struct TalkBody: JSONResponse {
    let id: UUID
    let seriesId: UUID
    let title: String
    let appeal: AppealChoice
    let songs: [String]
    let slides: [SlideBody]
    /// The variation shown: its id (the talk's own for the original), name and revision (edits name it).
    let variation: VariationBody

    /// - Parameter variation: the variation as saved, when it was just saved (its new revision).
    init(_ edited: EditedTalk, variation: TalkVariation? = nil) {
        let talk = edited.talk
        id = talk.id
        seriesId = talk.seriesID
        title = talk.title
        appeal = talk.appeal
        songs = Deck.songs(in: edited.slides.values)
        slides = talk.arrangement.compactMap { placement in edited.slides[placement.slideID].map { SlideBody($0, hidden: placement.hidden) } }
        self.variation = VariationBody(variation ?? edited.variation)
    }
}

struct VariationBody: JSONResponse {
    let id: UUID
    let name: String
    let isOriginal: Bool
    let revision: Int
    /// Whether it differs from the talk as imported (what "reset" would undo).
    let edited: Bool

    init(_ variation: TalkVariation) {
        id = variation.id
        name = variation.name
        isOriginal = variation.isOriginal
        revision = variation.revision
        edited = !variation.edits.isEmpty
    }
}

/// What the presenter loads: the presented slides in order, resolved for the chosen languages.
struct DeckBody: JSONResponse {
    struct Entry: Encodable {
        let id: UUID
        let number: Int
        let kind: SlideKind
        let title: String?
        let media: String?
        let width: Int?
        let height: Int?
        let durationMs: Int64?
        let notes: String
        /// Caption steps when the notes carry `<C>`/`<R>` markers: the speaker's notes and what the
        /// audience screens show at each (from the slide language's notes when they have captions).
        let steps: [Step]?
        let overlays: [ScreenOverlay]
        /// One of the appeal's slides: a new appeal choice waits until the presenter leaves them.
        let appeal: Bool
    }

    struct Step: Encodable {
        let notes: String
        let caption: String?
    }

    let talkId: UUID
    let title: String
    let seriesId: UUID
    let seriesTitle: String
    let slideLanguage: String
    let notesLanguage: String
    let appeal: AppealChoice
    let songs: [String]
    let total: Int
    let slides: [Entry]

    init(_ loaded: StageLibrary.LoadedTalk) {
        talkId = loaded.talk.id
        title = loaded.talk.title
        seriesId = loaded.series.id
        seriesTitle = loaded.series.title
        slideLanguage = loaded.series.slideLanguage
        notesLanguage = loaded.series.notesLanguage
        appeal = loaded.talk.appeal
        songs = Deck.songs(in: loaded.slides)
        total = loaded.deck.entries.count
        slides = loaded.deck.entries.map { entry in
            let asset = entry.mediaID.flatMap { loaded.assets[$0] }
            return Entry(
                id: entry.slideID, number: entry.number, kind: entry.kind, title: entry.title,
                media: entry.mediaID.map(StageLibrary.assetURL), width: asset?.width, height: asset?.height,
                durationMs: asset?.durationMs, notes: CaptionScript.strip(entry.notes),
                steps: entry.captions?.steps.enumerated().map { Step(notes: $1.notes, caption: entry.screenCaptions?[$0] ?? nil) },
                overlays: entry.overlays.map(ScreenOverlay.init), appeal: entry.isAppeal)
        }
    }
}

/// An overlay with its words in the chosen language, ready to draw (in the deck and on the screens).
struct ImportJobBody: JSONResponse {
    let id: UUID
    let filename: String
    let state: String
    let fraction: Double
    let stage: String
    let message: String?
    let talkId: UUID?

    init(_ job: ImportJob) {
        id = job.id
        filename = job.filename
        state = job.state.rawValue
        fraction = job.fraction
        stage = job.stage
        message = job.message
        talkId = job.talkID
    }
}

struct LogSummaryBody: JSONResponse {
    let id: UUID
    let talkTitle: String
    let startedAt: Int64
    let durationMs: Int64
    let slideCount: Int
}

struct PreferencesBody: JSONResponse {
    let advanceMethod: String
    let screenMode: ScreenMode
    let lastTalkId: UUID?

    init(_ preferences: StagePreferences) {
        advanceMethod = preferences.advanceMethod.rawValue
        screenMode = preferences.screenMode
        lastTalkId = preferences.lastTalkID
    }
}

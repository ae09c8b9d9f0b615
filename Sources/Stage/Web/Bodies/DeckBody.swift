import Foundation
import Hummingbird
import Stage
import StageService
import Web

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

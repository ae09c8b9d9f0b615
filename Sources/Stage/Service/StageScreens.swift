import CadenceCore
import Foundation
import Stage

/// The audience screens (S2, S3): what the presenter asks them to show, resolved into everything a display draws
/// (the slide's media, overlays and caption, or black), announced to the account's devices on the live channel.
public struct StageScreens: Sendable {
    /// Where the presenter is: a slide of a talk (with the caption step), blanked, or at the end.
    public struct Request: Sendable {
        public let talkID: UUID
        public let slideID: UUID?
        public let number: Int?
        public let total: Int?
        /// The caption step on a slide with `<C>` markers (0-based).
        public let step: Int?
        public let blank: Bool
        /// Nil: the account's preference.
        public let mode: ScreenMode?
        public let ended: Bool

        public init(talkID: UUID, slideID: UUID?, number: Int?, total: Int?, step: Int?, blank: Bool, mode: ScreenMode?, ended: Bool) {
            self.talkID = talkID
            self.slideID = slideID
            self.number = number
            self.total = total
            self.step = step
            self.blank = blank
            self.mode = mode
            self.ended = ended
        }
    }

    let library: StageLibrary
    let live: any LiveChannel

    public init(library: StageLibrary, live: any LiveChannel) {
        self.library = library
        self.live = live
    }

    /// What the screens show now, as the live event carried it (a display that just opened draws it at once); black
    /// before any talk.
    public func current(accountID: UUID) async throws -> String {
        guard let event = try await live.latestEvent(accountID: accountID, types: [StageScreen.type]) else {
            return String(decoding: try JSONEncoder().encode(StageScreen.black), as: UTF8.self)
        }
        return event.data
    }

    /// The presenter moved: tell every screen of the account what to show. The slide is read from the talk as
    /// presented (its chosen variation, with the slides it added and the notes it edited), the same source the
    /// presenter's deck is built from. Returns the live event's number.
    public func show(_ request: Request, accountID: UUID) async throws -> Int64 {
        let mode = if let mode = request.mode { mode } else { try await library.preferences(accountID: accountID).screenMode }
        var screen = StageScreen(talkId: request.talkID, overlays: [], blank: request.blank || request.ended, mode: mode.rawValue,
                                 ended: request.ended)
        if let slideID = request.slideID, !request.ended {
            // Any of the variation's slides: a presenter keeps the appeal it loaded until it leaves
            // the appeal (the seed's rule), so slides of another appeal choice are still its to show.
            guard let (series, slide) = try await library.presentedSlide(slideID, talkID: request.talkID, accountID: accountID) else {
                throw NotFound("talk")
            }
            guard let slide else { throw ValidationError(field: "slideId", "That slide is not part of this talk.", key: "stage.error.slide_not_in_talk") }
            let entry = Deck.Entry(slide: slide, number: request.number ?? 0, languages: series.deckLanguages)
            let steps = entry.captions?.steps
            let step = request.step ?? 0
            guard step >= 0, step < max(1, steps?.count ?? 1) else {
                throw ValidationError(field: "step", "This slide has \(steps?.count ?? 1) caption step(s), counted from 0.", key: "stage.error.caption_step", ["count": String(steps?.count ?? 1)])
            }
            screen.slideId = slide.id
            screen.number = request.number
            screen.total = request.total
            screen.kind = slide.kind
            screen.media = entry.mediaID.map(StageLibrary.assetURL)
            if let mediaID = entry.mediaID { screen.durationMs = try await library.mediaDuration(mediaID, accountID: accountID) }
            screen.overlays = entry.overlays.map(ScreenOverlay.init)
            screen.caption = entry.screenCaptions?[step] ?? nil
            screen.slideLanguage = series.slideLanguage
            screen.notesLanguage = series.notesLanguage
            // Captions come from the slide language's notes when those carry captions, else from the speaker's.
            let audienceCaptions = slide.notes[series.slideLanguage].flatMap(CaptionScript.parse).map { !$0.steps.isEmpty } ?? false
            screen.captionLanguage = audienceCaptions ? series.slideLanguage : series.notesLanguage
            if mode == .mirror {
                screen.notes = steps?[step].notes ?? CaptionScript.strip(entry.notes)
            }
        } else {
            _ = try await library.talk(request.talkID, accountID: accountID)
            screen.blank = true
        }
        let data = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
        return try await live.announce(StageScreen.type, data: data, to: accountID).seq
    }
}

import Foundation

/// What a presentation shows (S2): the talk's visible slides in order, with the media,
/// notes and overlay text resolved for the chosen languages, and the appeal slides
/// chosen by the talk's appeal choice. The presenter builds it when the talk is loaded
/// and takes in a newer one (another appeal choice) only away from the appeal slides,
/// so a change never lands mid-appeal (`PresenterState.takeIn`).
public struct Deck: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let slideID: UUID
        /// 1-based position among the presented slides: what `[n]/[total]` and "jump to n" use.
        public let number: Int
        public let kind: SlideKind
        public let mediaID: UUID?
        /// The speaker's notes, in the notes language.
        public let notes: String
        /// The speaker's caption steps (notes language), when the notes carry `<C>`/`<R>` markers.
        public let captions: CaptionScript?
        /// What the audience screens show at each of the speaker's steps (see `screenCaptions`).
        public let screenCaptions: [String?]?
        public let overlays: [ResolvedOverlay]
        public let title: String?
        /// Part of the talk's appeal: an appeal change waits until the presenter is off these.
        public let isAppeal: Bool

        /// One slide as presented at `number` in the chosen languages. The deck and the audience
        /// screens both build their entries here, so they can never disagree about a slide.
        public init(slide: Slide, number: Int, languages: Languages) {
            slideID = slide.id
            self.number = number
            kind = slide.kind
            mediaID = slide.media.resolve(languages.slide, fallbacks: languages.fallbacks)
            notes = slide.notes[languages.notes] ?? ""
            captions = CaptionScript.parse(notes)
            screenCaptions = Deck.screenCaptions(speaker: captions, audience: slide.notes[languages.slide].flatMap(CaptionScript.parse))
            overlays = Deck.overlays(of: slide, language: languages.slide, fallbacks: languages.fallbacks)
            title = slide.title
            isAppeal = slide.appeal != nil
        }
    }

    /// The series' chosen slide and notes languages, and the slide languages to fall back on.
    public struct Languages: Equatable, Sendable {
        public let slide: String
        public let notes: String
        public let fallbacks: [String]

        public init(slide: String, notes: String, fallbacks: [String] = []) {
            self.slide = slide
            self.notes = notes
            self.fallbacks = fallbacks
        }
    }

    /// An overlay with its words in the chosen slide language.
    public struct ResolvedOverlay: Equatable, Sendable {
        public let overlay: Overlay
        public let text: String
        /// The language the words are in (the slide language, or the fallback they came from).
        public let language: String?

        public init(overlay: Overlay, text: String, language: String? = nil) {
            self.overlay = overlay
            self.text = text
            self.language = language
        }
    }

    public let entries: [Entry]

    public init(talk: StageTalk, slides: [UUID: Slide], languages: Languages) {
        var entries: [Entry] = []
        for placement in talk.arrangement where !placement.hidden {
            guard let slide = slides[placement.slideID] else { continue }
            if let tag = slide.appeal, !tag.matches(talk.appeal) { continue }
            entries.append(Entry(slide: slide, number: entries.count + 1, languages: languages))
        }
        self.entries = entries
    }

    /// Captions are for the audience (S3): at each of the speaker's steps, the screens show the
    /// matching step of the notes in the slide language when those carry captions, else the
    /// speaker's own. Steps are the speaker's, since the speaker advances them; a translation
    /// with fewer steps keeps showing its last one.
    public static func screenCaptions(speaker: CaptionScript?, audience: CaptionScript?) -> [String?]? {
        guard let speaker else { return nil }
        guard let audience, !audience.steps.isEmpty else { return speaker.steps.map(\.caption) }
        return speaker.steps.indices.map { audience.steps[min($0, audience.steps.count - 1)].caption }
    }

    /// A slide's overlays with their words in `language`; overlays with no words are left out.
    public static func overlays(of slide: Slide, language: String, fallbacks: [String]) -> [ResolvedOverlay] {
        slide.overlays.compactMap { overlay in
            guard let text = overlay.text.resolve(language, fallbacks: fallbacks), !text.isEmpty else { return nil }
            return ResolvedOverlay(overlay: overlay, text: text, language: overlay.text.resolvedLanguage(language, fallbacks: fallbacks))
        }
    }

    /// The songs a talk's appeal offers, from its appeal slides' tags.
    public static func songs(in slides: some Sequence<Slide>) -> [String] {
        Array(Set(slides.compactMap { $0.appeal?.song })).sorted()
    }
}

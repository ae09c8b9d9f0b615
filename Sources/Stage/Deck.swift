import Foundation

/// What a presentation shows (S2): the talk's visible slides in order, with the media,
/// notes and overlay text resolved for the chosen languages, and the appeal slides
/// chosen by the talk's appeal choice. Built once when the talk is loaded, so a change
/// of appeal takes effect the next time the talk is presented, never mid-appeal.
public struct Deck: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let slideID: UUID
        /// 1-based position among the presented slides: what `[n]/[total]` and "jump to n" use.
        public let number: Int
        public let kind: SlideKind
        public let mediaID: UUID?
        public let notes: String
        public let captions: CaptionScript?
        public let overlays: [ResolvedOverlay]
        public let title: String?
    }

    /// An overlay with its words in the chosen slide language.
    public struct ResolvedOverlay: Equatable, Sendable {
        public let overlay: Overlay
        public let text: String
    }

    public let entries: [Entry]

    public init(talk: StageTalk, slides: [UUID: Slide], slideLanguage: String, notesLanguage: String, fallbackLanguages: [String] = []) {
        var entries: [Entry] = []
        for placement in talk.arrangement where !placement.hidden {
            guard let slide = slides[placement.slideID] else { continue }
            if let tag = slide.appeal, !tag.matches(talk.appeal) { continue }
            let notes = slide.notes[notesLanguage] ?? ""
            let overlays = Self.overlays(of: slide, language: slideLanguage, fallbacks: fallbackLanguages)
            entries.append(Entry(
                slideID: slide.id, number: entries.count + 1, kind: slide.kind,
                mediaID: slide.media.resolve(slideLanguage, fallbacks: fallbackLanguages),
                notes: notes, captions: CaptionScript.parse(notes), overlays: overlays, title: slide.title))
        }
        self.entries = entries
    }

    /// A slide's overlays with their words in `language`; overlays with no words are left out.
    public static func overlays(of slide: Slide, language: String, fallbacks: [String]) -> [ResolvedOverlay] {
        slide.overlays.compactMap { overlay in
            guard let text = overlay.text.resolve(language, fallbacks: fallbacks), !text.isEmpty else { return nil }
            return ResolvedOverlay(overlay: overlay, text: text)
        }
    }

    /// The songs a talk's appeal offers, from its appeal slides' tags.
    public static func songs(in slides: some Sequence<Slide>) -> [String] {
        Array(Set(slides.compactMap { $0.appeal?.song })).sorted()
    }
}

import CadenceCore
import Foundation

/// A variation as one person shares it with another (S6's optional list): the order,
/// visibility, edited notes and appeal, with slides named by their place in the talk as
/// imported — the one thing two installations of the same series agree on (installing gives
/// every slide a new id). The sharer's own pictures stay home: slides showing pictures they
/// uploaded are left out; a duplicate of an imported slide travels as "a copy of slide n".
public struct SharedVariation: Codable, Sendable, Equatable {
    public struct Placement: Codable, Sendable, Equatable {
        /// The slide's place in the imported talk (0-based), or nil for a copy.
        public var slide: Int?
        /// For a copy: the imported slide it copies.
        public var copyOf: Int?
        public var hidden: Bool
        /// Notes as edited, per language (a copy carries its own).
        public var notes: [String: String]?
    }

    public var name: String
    public var talkTitle: String
    /// How many slides the talk had when imported: the talk it fits.
    public var importedSlideCount: Int
    public var placements: [Placement]
    public var appeal: AppealChoice?

    public init(_ edited: EditedTalk, importedOrder: [UUID], importedSlides: [UUID: Slide]) {
        name = edited.variation.name
        talkTitle = edited.talk.title
        importedSlideCount = importedOrder.count
        appeal = edited.variation.edits.appeal
        let index = Dictionary(uniqueKeysWithValues: importedOrder.enumerated().map { ($1, $0) })
        placements = edited.placements.compactMap { placement in
            guard let slide = edited.slides[placement.slideID] else { return nil }
            if let n = index[placement.slideID] {
                return Placement(slide: n, copyOf: nil, hidden: placement.hidden, notes: edited.variation.edits.notes[placement.slideID])
            }
            // An added slide: shared only as a copy of an imported slide showing the same pictures
            // (an uploaded picture is not in the other person's series).
            guard let original = importedOrder.firstIndex(where: { importedSlides[$0]?.media == slide.media }) else { return nil }
            return Placement(slide: nil, copyOf: original, hidden: placement.hidden, notes: slide.notes.values)
        }
    }

    /// The edits that make this talk (imported in `importedOrder`) show the shared variation.
    /// Slides the sharer's talk did not list (none, for the same series) keep their place at the end, hidden.
    public func edits(importedOrder: [UUID], importedSlides: [UUID: Slide]) throws(ValidationError) -> TalkEdits {
        guard importedOrder.count == importedSlideCount else {
            throw ValidationError(field: "file", "This variation was made for a talk of \(importedSlideCount) slides (\"\(talkTitle)\"); this talk has \(importedOrder.count).", key: "stage.error.variation_slide_count", ["slides": String(importedSlideCount), "title": talkTitle, "current": String(importedOrder.count)])
        }
        var edits = TalkEdits(appeal: appeal)
        var arrangement: [SlidePlacement] = []
        var used = Set<UUID>()
        for placement in placements {
            if let n = placement.slide, importedOrder.indices.contains(n), !used.contains(importedOrder[n]) {
                let id = importedOrder[n]
                used.insert(id)
                arrangement.append(SlidePlacement(slideID: id, hidden: placement.hidden))
                if let notes = placement.notes, !notes.isEmpty { edits.notes[id] = notes.mapValues(RichNotes.clean) }
            } else if let n = placement.copyOf, importedOrder.indices.contains(n), let source = importedSlides[importedOrder[n]] {
                let copy = try Slide(kind: source.kind, media: source.media,
                                     notes: Localized((placement.notes ?? source.notes.values).mapValues(RichNotes.clean)),
                                     overlays: source.overlays, title: source.title)
                edits.addedSlides.append(copy)
                arrangement.append(SlidePlacement(slideID: copy.id, hidden: placement.hidden))
            } else {
                throw ValidationError(field: "file", "The variation names a slide this talk does not have.", key: "stage.error.variation_unknown_slide")
            }
        }
        for id in importedOrder where !used.contains(id) { arrangement.append(SlidePlacement(slideID: id, hidden: true)) }
        edits.arrangement = arrangement
        return edits
    }
}

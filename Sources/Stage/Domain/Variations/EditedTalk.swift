import CadenceCore
import Foundation

/// A talk as a variation shows it: the imported talk and slides with the variation's edits
/// applied, and the edits a person makes in edit mode (S5). Pure: the caller loads and saves.
public struct EditedTalk: Equatable, Sendable {
    public private(set) var talk: StageTalk
    /// Every slide the variation can show: the imported ones (notes as edited) and its own.
    public private(set) var slides: [UUID: Slide]
    public private(set) var variation: TalkVariation
    /// The talk and slides as imported, which the edits apply to ("restore", "reset" go back to them).
    private let importedTalk: StageTalk
    private let importedSlides: [UUID: Slide]

    public init(talk: StageTalk, slides: [Slide], variation: TalkVariation) {
        importedSlides = Dictionary(uniqueKeysWithValues: slides.map { ($0.id, $0) })
        importedTalk = talk
        self.talk = talk
        self.variation = variation
        self.slides = importedSlides
        apply()
    }

    /// The slides in the variation's order, with whether each is hidden.
    public var placements: [SlidePlacement] { talk.arrangement }

    // MARK: Edits

    /// New order and visibility: every slide listed once, none lost on the way. A slide deleted
    /// earlier may come back (undo): an imported one, or an added one still in `removedSlides`.
    public mutating func rearrange(_ placements: [SlidePlacement]) throws(ValidationError) {
        let ids = placements.map(\.slideID)
        let placed = Set(self.placements.map(\.slideID))
        guard placed.isSubset(of: ids) else {
            throw ValidationError(field: "slides", "The new order must list every slide of the talk exactly once.", key: "stage.error.order_every_slide")
        }
        let returning = ids.filter { !placed.contains($0) && importedSlides[$0] == nil }
        guard returning.allSatisfy({ id in variation.edits.removedSlides.contains { $0.id == id } }) else {
            throw ValidationError(field: "slides", "The new order names a slide this talk does not have.", key: "stage.error.order_unknown_slide")
        }
        var copy = talk
        try copy.arrange(placements)   // each slide once, at most the maximum
        for id in returning {
            if let index = variation.edits.removedSlides.firstIndex(where: { $0.id == id }) {
                variation.edits.addedSlides.append(variation.edits.removedSlides.remove(at: index))
            }
        }
        variation.edits.arrangement = placements
        apply()
    }

    /// Edited notes for one language, as rich-notes markup (already sanitized by `RichNotes`).
    public mutating func setNotes(_ markup: String, slideID: UUID, language: String) throws(ValidationError) {
        guard let own = importedSlides[slideID] ?? variation.addedSlide(slideID) else {
            throw ValidationError(field: "slideId", "This talk has no such slide.", key: "stage.error.no_such_slide")
        }
        try variation.setNotes(markup, of: own, language: language)
        apply()
    }

    /// The slide's notes as imported, in every language.
    public mutating func restoreNotes(slideID: UUID) throws(ValidationError) {
        guard importedSlides[slideID] != nil else {
            throw ValidationError(field: "slideId", "Only an imported slide has original notes to restore.", key: "stage.error.restore_notes_imported_only")
        }
        variation.edits.notes[slideID] = nil
        apply()
    }

    /// Adds a slide (a new picture or video, a copy of another talk's slide) before or after one.
    public mutating func insert(_ slide: Slide, at position: Int) throws(ValidationError) {
        guard (0...placements.count).contains(position) else { throw ValidationError(field: "position", "There is no such position in the talk.", key: "stage.error.no_such_position") }
        guard placements.count < StageTalk.maximumSlides else {
            throw ValidationError(field: "slides", "A talk has at most \(StageTalk.maximumSlides) slides.", key: "stage.error.talk_slides_max", ["max": String(StageTalk.maximumSlides)])
        }
        var arrangement = placements
        arrangement.insert(SlidePlacement(slideID: slide.id), at: position)
        variation.edits.addedSlides.append(slide)
        variation.edits.arrangement = arrangement
        apply()
    }

    /// A copy of a slide with its notes, right after it.
    public mutating func duplicate(slideID: UUID) throws(ValidationError) -> Slide {
        guard let slide = slides[slideID], let index = placements.firstIndex(where: { $0.slideID == slideID }) else {
            throw ValidationError(field: "slideId", "This talk has no such slide.", key: "stage.error.no_such_slide")
        }
        let copy = try Slide(kind: slide.kind, media: slide.media, notes: slide.notes, overlays: slide.overlays, title: slide.title)
        try insert(copy, at: index + 1)
        return copy
    }

    /// Removes a slide from this variation. `deletable` says whether its media are the person's
    /// own (imported): shipped media (the demo, an installed package) can only be hidden. Its
    /// notes stay, and an added slide is kept in `removedSlides`, so undo can bring it back whole.
    public mutating func delete(slideID: UUID, deletable: Bool) throws(ValidationError) {
        guard slides[slideID] != nil, placements.contains(where: { $0.slideID == slideID }) else {
            throw ValidationError(field: "slideId", "This talk has no such slide.", key: "stage.error.no_such_slide")
        }
        guard deletable else {
            throw ValidationError(field: "slideId", "This slide came with the series: hide it instead (shipped pictures cannot be deleted).", key: "stage.error.shipped_slide_hide")
        }
        variation.edits.arrangement = placements.filter { $0.slideID != slideID }
        if let index = variation.edits.addedSlides.firstIndex(where: { $0.id == slideID }) {
            variation.edits.removedSlides.append(variation.edits.addedSlides.remove(at: index))
            let forgotten = variation.edits.removedSlides.dropLast(TalkEdits.removedSlidesKept)
            variation.edits.removedSlides = Array(variation.edits.removedSlides.suffix(TalkEdits.removedSlidesKept))
            for slide in forgotten { variation.edits.notes[slide.id] = nil }
        }
        apply()
    }

    public mutating func chooseAppeal(_ appeal: AppealChoice) {
        variation.edits.appeal = appeal
        apply()
    }

    /// Back to the talk as imported (the seed's "reset with confirmation"; confirming is the page's job).
    public mutating func reset() {
        variation.edits = TalkEdits()
        apply()
    }

    // MARK: Applying

    /// Rebuilds the shown talk from the imported one and the edits. Edits that no longer fit
    /// (an order naming a slide that is gone) fall back to the imported order rather than lose slides.
    private mutating func apply() {
        var all = importedSlides
        for slide in variation.edits.addedSlides { all[slide.id] = slide }
        for id in variation.edits.notes.keys { all[id] = all[id].map(variation.withEditedNotes) }
        slides = all
        var shown = importedTalk
        try? shown.arrange(variation.arrangement(of: importedTalk) { all[$0] != nil })
        shown.appeal = variation.edits.appeal ?? importedTalk.appeal
        talk = shown
    }
}

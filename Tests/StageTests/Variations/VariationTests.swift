import CadenceCore
import Foundation
import Testing
@testable import Stage

/// Copy-on-write variations and edit mode's changes (S5, S6), on a five-slide talk.
@Suite(.timeLimit(.minutes(5))) struct VariationTests {
    static let seriesID = UUID()

    static func talk() throws -> (StageTalk, [Slide]) {
        let slides = try (1...5).map { n in
            try Slide(media: Localized(["en": UUID()]), notes: Localized(["en": "Notes \(n)", "es": "Notas \(n)"]), title: "Slide \(n)")
        }
        let talk = try StageTalk(seriesID: seriesID, title: "Talk", arrangement: slides.map { SlidePlacement(slideID: $0.id) })
        return (talk, slides)
    }

    @Test func aVariationStoresOnlyWhatDiffersAndEditingItNeverChangesAnother() throws {
        let (talk, slides) = try Self.talk()
        var original = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        try original.setNotes("Edited **one**", slideID: slides[0].id, language: "en")
        // A variation made from the edited original starts with that edit, and nothing else is copied.
        var short = EditedTalk(talk: talk, slides: slides, variation: try original.variation.copy(named: "Short"))
        #expect(short.slides[slides[0].id]?.notes["en"] == "Edited **one**")
        #expect(short.variation.edits.addedSlides.isEmpty)
        #expect(short.variation.edits.arrangement == nil)
        try short.rearrange(short.placements.map { SlidePlacement(slideID: $0.slideID, hidden: $0.slideID == slides[4].id) })
        try short.setNotes("Only in the short one", slideID: slides[1].id, language: "en")
        _ = try short.duplicate(slideID: slides[2].id)

        #expect(short.placements.count == 6)
        #expect(original.placements.count == 5)
        #expect(original.placements.allSatisfy { !$0.hidden })
        #expect(original.slides[slides[1].id]?.notes["en"] == "Notes 2")
        let unedited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        #expect(unedited.slides[slides[0].id]?.notes["en"] == "Notes 1", "the imported slides themselves never change")
        // Its stored size is its differences: one notes edit, one order, one added slide.
        let stored = try JSONEncoder().encode(short.variation.edits)
        #expect(stored.count < 2_000, "\(stored.count) bytes")
    }

    @Test func duplicateKeepsTheNotesAndGoesRightAfter() throws {
        let (talk, slides) = try Self.talk()
        var edited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        let copy = try edited.duplicate(slideID: slides[1].id)
        #expect(edited.placements.map(\.slideID) == [slides[0].id, slides[1].id, copy.id, slides[2].id, slides[3].id, slides[4].id])
        #expect(edited.slides[copy.id]?.notes == slides[1].notes)
        #expect(copy.id != slides[1].id)
    }

    @Test func restoringNotesAndResettingGoBackToTheImport() throws {
        let (talk, slides) = try Self.talk()
        var edited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        try edited.setNotes("Changed", slideID: slides[3].id, language: "es")
        #expect(edited.slides[slides[3].id]?.notes["es"] == "Changed")
        try edited.restoreNotes(slideID: slides[3].id)
        #expect(edited.slides[slides[3].id]?.notes["es"] == "Notas 4")
        #expect(edited.variation.edits.isEmpty, "restoring the only edit leaves nothing stored")

        try edited.rearrange(edited.placements.reversed())
        let inserted = try Slide(media: Localized(["en": UUID()]))
        try edited.insert(inserted, at: 0)
        try edited.delete(slideID: inserted.id, deletable: true)
        #expect(!edited.placements.contains { $0.slideID == inserted.id })
        edited.reset()
        #expect(edited.placements == talk.arrangement)
        #expect(edited.variation.edits.isEmpty)
    }

    @Test func aDeletedSlideComesBackWholeWhenTheOrderNamesItAgain() throws {
        // Undo after delete sends the earlier order: the slide returns with its notes.
        let (talk, slides) = try Self.talk()
        var edited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        let inserted = try Slide(media: Localized(["en": UUID()]), notes: Localized(["en": "Mine"]))
        try edited.insert(inserted, at: 2)
        try edited.setNotes("Edited three", slideID: slides[2].id, language: "en")
        let before = edited.placements

        try edited.delete(slideID: inserted.id, deletable: true)
        try edited.delete(slideID: slides[2].id, deletable: true)
        #expect(edited.placements.count == 4)
        #expect(edited.variation.edits.addedSlides.isEmpty)

        try edited.rearrange(before)
        #expect(edited.placements == before)
        #expect(edited.slides[inserted.id]?.notes["en"] == "Mine")
        #expect(edited.slides[slides[2].id]?.notes["en"] == "Edited three")
        #expect(edited.variation.edits.removedSlides.isEmpty, "a slide put back is no longer kept aside")

        // A slide nobody deleted cannot be slipped in, and only the last ten deleted are kept.
        let stranger = SlidePlacement(slideID: UUID())
        #expect(throws: ValidationError.self) { try edited.rearrange(before + [stranger]) }
        for _ in 0..<12 {
            let extra = try Slide(media: Localized(["en": UUID()]))
            try edited.insert(extra, at: 0)
            try edited.delete(slideID: extra.id, deletable: true)
        }
        #expect(edited.variation.edits.removedSlides.count == TalkEdits.removedSlidesKept)
        // Stored edits from before this field existed still decode.
        var stored = try JSONSerialization.jsonObject(with: JSONEncoder().encode(edited.variation.edits)) as! [String: Any]
        stored["removedSlides"] = nil
        let old = try JSONDecoder().decode(TalkEdits.self, from: JSONSerialization.data(withJSONObject: stored))
        #expect(old.removedSlides.isEmpty && old.addedSlides == edited.variation.edits.addedSlides)
    }

    @Test func shippedSlidesCanOnlyBeHiddenAndOrdersMustKeepEverySlide() throws {
        let (talk, slides) = try Self.talk()
        var edited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        #expect(throws: ValidationError.self) { try edited.delete(slideID: slides[0].id, deletable: false) }
        #expect(throws: ValidationError.self) { try edited.rearrange(Array(edited.placements.dropLast())) }
        #expect(throws: ValidationError.self) { try edited.insert(try Slide(), at: 9) }
        #expect(throws: ValidationError.self) { try edited.setNotes("x", slideID: UUID(), language: "en") }
        #expect(edited.placements.count == 5, "a refused edit changes nothing")
    }

    @Test func theOriginalIsTheTalksOwnIdAndVariationsNeedNames() throws {
        let (talk, _) = try Self.talk()
        #expect(TalkVariation.original(of: talk.id).isOriginal)
        #expect(throws: ValidationError.self) { try TalkVariation.original(of: talk.id).copy(named: "  ") }
        #expect(try !TalkVariation.original(of: talk.id).copy(named: "Short").isOriginal)
    }
}

/// Undo and redo in edit mode: ten levels, a new edit clears redo, leaving clears both.
@Suite(.timeLimit(.minutes(5))) struct UndoHistoryTests {
    @Test func undoAndRedoWalkTheStates() {
        var history = UndoHistory(0)
        for n in 1...3 { history.record(n) }
        #expect(history.undo() == 2)
        #expect(history.undo() == 1)
        #expect(history.redo() == 2)
        #expect(history.current == 2)
        history.record(9)
        #expect(!history.canRedo, "a new edit clears what could be redone")
        #expect(history.undo() == 2)
    }

    @Test func onlyTenLevelsAreKept() {
        var history = UndoHistory(0)
        for n in 1...15 { history.record(n) }
        var undone = 0
        while history.undo() != nil { undone += 1 }
        #expect(undone == 10)
        #expect(history.current == 5)
    }

    @Test func leavingEditModeClearsTheHistoryButKeepsTheState() {
        var history = UndoHistory("a")
        history.record("b")
        history.record("c")
        _ = history.undo()
        history.clear()
        #expect(!history.canUndo && !history.canRedo)
        #expect(history.current == "b")
        history.record("b")
        #expect(!history.canUndo, "recording the same state is not an edit")
    }
}

/// Rich notes: the markup is the stored form; HTML from an editor is reduced to it.
@Suite(.timeLimit(.minutes(5))) struct RichNotesTests {
    @Test(arguments: [
        ("<b>Bold</b> and <i>italic</i>, <u>under</u> <s>gone</s>", "**Bold** and *italic*, __under__ ~~gone~~"),
        ("<p>One</p><p>Two</p>", "One\nTwo"),
        ("<ul><li>A<ul><li>B</li></ul></li><li>C</li></ul>", "- A\n  - B\n- C"),
        ("Hi<script>alert(1)</script> there<img src=x onerror=alert(2)>", "Hi there"),
        ("<a href=\"javascript:x\" onclick=\"y\">link</a> &amp; &lt;tag&gt;", "link & <tag>"),
        ("<div>Sing<br><C>Amazing grace<c></div>", "Sing\n<C>Amazing grace<c>"),
        ("<strong>open", "**open**"),
        ("<style>p{color:red}</style>Text", "Text"),
        // A "<" that no ">" closes is text (it once made the loop spin for ever, found by schemathesis).
        ("x < y", "x < y"),
        ("<b>a</b> <", "**a** <"),
        ("1 < 2 < 3 <b>bold", "1 < 2 < 3 **bold**"),
    ])
    func htmlIsReducedToTheSafeMarkup(html: String, markup: String) {
        #expect(RichNotes.fromHTML(html) == markup)
    }

    @Test func cleaningNormalisesLinesAndDropsControlCharacters() {
        #expect(RichNotes.clean("a  \r\nb\u{0007}c\n\n") == "a\nbc")
    }
}

/// Issue 17, item 22: every notes edit is one entry of `edits.notes` (added slides too), so a
/// save can write that slide's notes alone.
@Suite(.timeLimit(.minutes(5))) struct VariationNotesTests {
    @Test func anAddedSlidesNotesAreAnEntryOverItsOwnAndGoingBackRemovesIt() throws {
        let (talk, slides) = try VariationTests.talk()
        var edited = EditedTalk(talk: talk, slides: slides, variation: .original(of: talk.id))
        let copy = try edited.duplicate(slideID: slides[0].id)
        try edited.setNotes("Copy notes", slideID: copy.id, language: "en")
        #expect(edited.variation.edits.notes[copy.id] == ["en": "Copy notes"])
        #expect(edited.variation.edits.addedSlides.first?.notes["en"] == "Notes 1", "the added slide itself is not rewritten")
        #expect(edited.slides[copy.id]?.notes["en"] == "Copy notes")
        try edited.setNotes("Notes 1", slideID: copy.id, language: "en")
        #expect(edited.variation.edits.notes[copy.id] == nil)
        #expect(throws: ValidationError.self) { try edited.setNotes("x", slideID: UUID(), language: "en") }
    }

    @Test func aVariationShowsOneSlideWithItsEditedNotes() throws {
        let (talk, slides) = try VariationTests.talk()
        var variation = TalkVariation.original(of: talk.id)
        try variation.setNotes("Nuevas", of: slides[2], language: "es")
        let shown = variation.withEditedNotes(slides[2])
        #expect(shown.notes.values == ["en": "Notes 3", "es": "Nuevas"])
        #expect(variation.withEditedNotes(slides[1]) == slides[1])
        #expect(throws: ValidationError.self) {
            try variation.setNotes(String(repeating: "x", count: Slide.maximumNotesLength + 1), of: slides[0], language: "en")
        }
    }
}

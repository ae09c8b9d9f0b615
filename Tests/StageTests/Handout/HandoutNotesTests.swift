import Testing
@testable import Stage

/// Notes become handout paragraphs: bullets by indent, caption markers left out, rich-notes
/// markup as styled runs (never printed as asterisks).
@Suite(.timeLimit(.minutes(5))) struct HandoutNotesTests {
    @Test func markupBecomesStyledRuns() {
        let runs = HandoutNotes.runs("Start **slowly** and *calmly*, __now__ ~~not~~")
        #expect(runs.map(\.text) == ["Start ", "slowly", " and ", "calmly", ", ", "now", " ", "not"])
        #expect(runs.map(\.style) == [[], .bold, [], .italic, [], .underline, [], .strikethrough])
    }

    @Test func aLoneMarkerStaysText() {
        #expect(HandoutNotes.runs("5 * 3 = 15").map(\.text) == ["5 * 3 = 15"])
    }

    @Test func bulletsCaptionsAndLevels() {
        let paragraphs = HandoutNotes.paragraphs("Intro\n- **One**\n  - two\n<C>Sing<c>")
        #expect(paragraphs.map(\.bulletLevel) == [0, 1, 2, 0])
        #expect(paragraphs[1].runs.first?.style == .bold)
        #expect(paragraphs[3].runs.map(\.text).joined() == "Sing")
    }
}

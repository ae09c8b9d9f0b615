import Testing
@testable import Stage

/// Seed 002, A.3.5: `<C>…<c>` puts text on the audience screen, one block per step; `<R>` clears it.
@Suite(.timeLimit(.minutes(5))) struct CaptionScriptTests {
    @Test func plainNotesHaveNoScript() {
        #expect(CaptionScript.parse("Just notes.") == nil)
    }

    @Test func eachCaptionIsAStepAndResetClearsTheScreen() throws {
        let script = try #require(CaptionScript.parse("Stand up.\n<C>Amazing grace<c>\n<C>How sweet the sound<c>\n<R>Thank them."))
        #expect(script.steps.map(\.caption) == ["Amazing grace", "How sweet the sound", nil])
        #expect(script.steps[0].notes == "Stand up.\nAmazing grace")
        #expect(script.steps[2].notes == "Thank them.")
    }

    @Test func textAfterTheLastCaptionStaysWithIt() throws {
        let script = try #require(CaptionScript.parse("<C>One<c> then pause."))
        #expect(script.steps == [.init(notes: "One\nthen pause.", caption: "One")])
    }

    @Test func anUnclosedCaptionRunsToTheEnd() throws {
        let script = try #require(CaptionScript.parse("Intro <C>Open ended"))
        #expect(script.steps.map(\.caption) == ["Open ended"])
    }

    @Test func resetFirstClearsAtOnce() throws {
        let script = try #require(CaptionScript.parse("<R>Closing words"))
        #expect(script.steps.last == .init(notes: "Closing words", caption: nil))
    }

    @Test func strippingRemovesEveryMarker() {
        #expect(CaptionScript.strip("a <C>b<c> <R>c") == "a b c")
    }
}

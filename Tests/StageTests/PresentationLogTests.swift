import CadenceCore
import Testing
@testable import Stage

@Suite(.timeLimit(.minutes(5))) struct PresentationLogTests {
    @Test func onlyPresentationsOfTwentyMinutesOrMoreAreKept() throws {
        let entry = PresentationLog.Entry(slide: 1, slideId: nil, enteredAt: 0, spentMs: 1000)
        #expect(try PresentationLog(talkTitle: "T", startedAt: 0, durationMs: 20 * 60_000, entries: [entry]).isKept)
        #expect(try !PresentationLog(talkTitle: "T", startedAt: 0, durationMs: 20 * 60_000 - 1, entries: [entry]).isKept)
    }

    @Test func badEntriesNameTheirPlace() {
        #expect(throws: ValidationError(field: "entries[1]", "Each entry has a slide number from 1, and a time spent that is not negative.")) {
            try PresentationLog(talkTitle: "T", startedAt: 0, durationMs: 1, entries: [
                .init(slide: 1, slideId: nil, enteredAt: 0, spentMs: 1), .init(slide: 0, slideId: nil, enteredAt: 0, spentMs: 1),
            ])
        }
    }
}

import Testing
@testable import Stage

/// Seed 002, A.3.4: advancing pages notes first, wraps at both ends, jumps by number.
@Suite struct PresenterStateTests {
    @Test func advancingPagesThroughNotesBeforeTheNextSlide() {
        var state = PresenterState(slideCount: 3)
        state.setPageCount(3)
        state.advance()
        #expect(state.number == 1 && state.page == 1 && state.hasMoreNotes)
        state.advance()
        #expect(state.number == 1 && state.page == 2 && !state.hasMoreNotes)
        state.advance()
        #expect(state.number == 2 && state.page == 0)
    }

    @Test func goingBackPagesUpThenLandsOnThePreviousSlidesFirstPage() {
        var state = PresenterState(slideCount: 3, index: 1)
        state.setPageCount(2)
        state.advance()
        #expect(state.page == 1)
        state.back()
        #expect(state.number == 2 && state.page == 0)
        state.back()
        #expect(state.number == 1 && state.page == 0)
    }

    @Test func advancingOnTheLastSlideWrapsToTheFirstAndBackWrapsToTheLast() {
        var state = PresenterState(slideCount: 4, index: 3)
        state.advance()
        #expect(state.number == 1)
        state.back()
        #expect(state.number == 4)
    }

    @Test func jumpingByNumberLandsOnTheFirstNotesPageAndRefusesUnknownNumbers() {
        var state = PresenterState(slideCount: 10)
        state.setPageCount(4)
        state.advance()
        let toSeven = state.jump(toNumber: 7)
        #expect(toSeven && state.number == 7 && state.page == 0)
        let toZero = state.jump(toNumber: 0), toEleven = state.jump(toNumber: 11)
        #expect(!toZero && !toEleven)
        #expect(state.number == 7)
    }

    @Test func aShorterLayoutKeepsThePageInRange() {
        var state = PresenterState(slideCount: 2)
        state.setPageCount(5)
        state.advance(); state.advance(); state.advance()
        state.setPageCount(2)
        #expect(state.page == 1)
        state.advance()
        #expect(state.number == 2)
    }

    @Test func anEmptyTalkStaysPut() {
        var state = PresenterState(slideCount: 0)
        state.advance(); state.back()
        #expect(state.number == 0)
    }
}

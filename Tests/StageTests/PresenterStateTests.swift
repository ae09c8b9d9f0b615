import Foundation
import Testing
@testable import Stage

/// Seed 002, A.3.4: advancing pages notes first, wraps at both ends, jumps by number.
@Suite(.timeLimit(.minutes(5))) struct PresenterStateTests {
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

/// Seed 002, A.3.4: an appeal change "shall not come into effect while the sermon is displaying
/// the appeal" but the next time the appeal slide is shown. The same cases run against
/// stage-rules.js in e2e/browser/test_stage_rules_js.py.
@Suite(.timeLimit(.minutes(5))) struct PresenterNewDeckTests {
    static let ids = (0..<6).map { _ in UUID() }

    @Test func anotherAppealIsTakenInAtOnceAwayFromTheAppealOnTheSameSlideAndPage() throws {
        var state = PresenterState(slideCount: 4, index: 2)
        state.setPageCount(3)
        state.advance()
        // Old deck: 0 1 2 [3: vocal appeal]; new deck: 0 1 2 [4, 5: text appeal].
        let moved = try #require(state.inNewDeck(slideIDs: [0, 1, 2, 4, 5].map { Self.ids[$0] }, currentID: Self.ids[2], currentIsAppeal: false))
        #expect(moved.number == 3 && moved.page == 1 && moved.slideCount == 5)
    }

    @Test func onAnAppealSlideTheChangeWaits() {
        let state = PresenterState(slideCount: 4, index: 3)
        #expect(state.inNewDeck(slideIDs: [0, 1, 2, 4, 5].map { Self.ids[$0] }, currentID: Self.ids[3], currentIsAppeal: true) == nil)
    }

    @Test func aSlideNoLongerShownKeepsThePositionInRange() throws {
        let state = PresenterState(slideCount: 5, index: 4)
        let moved = try #require(state.inNewDeck(slideIDs: [0, 1, 2].map { Self.ids[$0] }, currentID: Self.ids[5], currentIsAppeal: false))
        #expect(moved.number == 3 && moved.page == 0)
    }
}

import Testing
@testable import DeckImport

@Suite(.timeLimit(.minutes(5))) struct NaturalOrderTests {
    @Test func digitRunsCompareByValue() {
        let names = ["slide10.png", "Slide2.png", "slide1.png", "b/slide1.png", "a/slide20.png", "a/slide3.png", "slide02.png"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) ==
                ["a/slide3.png", "a/slide20.png", "b/slide1.png", "slide1.png", "Slide2.png", "slide02.png", "slide10.png"])
    }

    @Test func caseInsensitiveAndHugeNumbers() {
        #expect(NaturalOrder.compare("ABC", "abd") == .orderedAscending)
        #expect(NaturalOrder.compare("x99999999999999999999999", "x100000000000000000000000") == .orderedAscending)
        #expect(NaturalOrder.compare("page", "page1") == .orderedAscending)
    }
}

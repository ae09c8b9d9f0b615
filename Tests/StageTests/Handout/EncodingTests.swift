import Foundation
import Testing
@testable import Stage

@Suite(.timeLimit(.minutes(5))) struct EncodingTests {
    @Test func winAnsiCoversLatin1AndWindowsExtras() {
        #expect(WinAnsi.encode("é ñ — “ ” • €") == [0xE9, 0x20, 0xF1, 0x20, 0x97, 0x20, 0x93, 0x20, 0x94, 0x20, 0x95, 0x20, 0x80])
    }

    @Test func charactersOutsideWinAnsiBecomeCodePointMarkers() {
        #expect(WinAnsi.encode("Ωx😀") == Array("[U+03A9]x[U+1F600]".utf8))
        #expect(WinAnsi.encode("a\tb\nc") == Array("a b c".utf8))
    }

    @Test func decomposedAccentsAreComposedFirst() {
        #expect(WinAnsi.encode("e\u{301}") == [0xE9])
    }

    @Test func literalStringsEscapeParenthesesAndBackslashes() {
        let literal = String(decoding: PDFSyntax.literal("a(b)c\\d é"), as: UTF8.self)
        #expect(literal == "(a\\(b\\)c\\\\d \\351)")
    }

    @Test func numbersAreShortAndPlain() {
        #expect(PDFSyntax.number(12) == "12")
        #expect(PDFSyntax.number(12.345) == "12.35")
        #expect(PDFSyntax.number(0.5) == "0.5")
        #expect(PDFSyntax.number(-3.1) == "-3.1")
    }

    @Test func helveticaWidthsMatchTheAFM() {
        #expect(HelveticaMetrics.regularWidths.count == 224 && HelveticaMetrics.boldWidths.count == 224)
        #expect(HelveticaMetrics.advance(of: UInt8(ascii: "W"), bold: false) == 944)
        #expect(HelveticaMetrics.advance(of: 0x95, bold: false) == 350) // bullet
        #expect(HelveticaMetrics.advance(of: UInt8(ascii: "a"), bold: true) == 556)
        #expect(HelveticaMetrics.width(of: Array("Hello".utf8), bold: false, size: 10) == 22.78)
    }

    @Test func wrappingNeverDropsTextAndSplitsOverlongWords() {
        let long = String(repeating: "x", count: 200)
        var wrapper = ParagraphWrapper(HandoutParagraph("one two \(long) three"), size: 10)
        var lines: [String] = []
        while let line = wrapper.nextLine(width: 100) {
            #expect(line.width <= 100.01)
            lines.append(line.fragments.map { $0.text }.joined())
        }
        #expect(lines.joined(separator: " ").replacingOccurrences(of: "x ", with: "x") == "one two \(long) three"
            || lines.joined().replacingOccurrences(of: " ", with: "") == "onetwo\(long)three")
        #expect(lines.count > 3)
    }

    @Test func styledNeighboursMergeIntoOneFragment() {
        let paragraph = HandoutParagraph(runs: [HandoutRun("plain "), HandoutRun("under lined", style: .underline)])
        var wrapper = ParagraphWrapper(paragraph, size: 10)
        let line = wrapper.nextLine(width: 500)
        #expect(line?.fragments.map { $0.text } == ["plain ", "under lined"])
    }
}

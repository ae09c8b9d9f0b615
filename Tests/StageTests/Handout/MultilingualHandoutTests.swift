import Foundation
import Testing
import TestSupport
@testable import Stage

/// Handouts in any script: DejaVu Sans and Droid Sans Fallback embedded as subsets, checked with poppler.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(Fixtures.hasPoppler && Fixtures.handoutFonts != nil && Fixtures.hasDroidFallback),
                                          "poppler-utils, fonts-dejavu-core or fonts-droid-fallback not installed"))
struct MultilingualHandoutTests {
    static let greetings = [
        "Καλημέρα κόσμε", "Привет, мир", "مرحبا بالعالم", "שלום עולם", "你好，世界", "こんにちは世界",
    ]

    static func document(_ notes: [String], title: String = "Greetings") -> HandoutDocument {
        HandoutDocument(title: title, subtitle: "Ελληνικά · Русский · 日本語", slides: [
            HandoutSlide(number: 1, title: "Hello", picture: .missing("no picture"), notes: notes.map { HandoutParagraph($0) }),
        ])
    }

    @Test func everyScriptComesBackFromPdftotext() throws {
        let output = HandoutWriter.make(Self.document(Self.greetings), fonts: Fixtures.handoutFonts)
        try? output.pdf.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "handout-scripts.pdf")) // for looking at
        #expect(output.missingCharacters.isEmpty)
        let text = try Fixtures.text(of: output.pdf)
        // poppler returns a right-to-left line in logical order, wrapped in U+202B … U+202C (embedding
        // marks) to tell the reader its direction; those marks are what differs from the notes.
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            line.filter { !"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}".contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for greeting in Self.greetings {
            #expect(lines.contains(greeting), "missing \(greeting) in \(lines)")
        }
        #expect(!text.contains("?"))
        #expect(text.contains("Ελληνικά · Русский · 日本語"))
    }

    @Test func aCharacterNoFontHasPrintsItsCodePointAndIsReported() throws {
        // DejaVu Sans has U+1F600 (😀) but no font installed has U+1F9D1 (🧑, Unicode 10) or Devanagari.
        let output = HandoutWriter.make(Self.document(["Smile 😀🧑 please", "नम", "שלום 🧑"]), fonts: Fixtures.handoutFonts)
        #expect(output.missingCharacters.map(MissingGlyphMarker.codePoint) == ["U+1F9D1", "U+0928", "U+092E"])
        let text = try Fixtures.text(of: output.pdf)
        #expect(text.contains("Smile 😀[U+1F9D1] please"))
        #expect(text.contains("[U+0928][U+092E]"))
        // Inside a Hebrew line the marker is drawn left to right after the word (it reads "[U+1F9D1] שלום"
        // on the page), but poppler's own reordering of mixed lines moves the "[" to the Hebrew side, so
        // only the pieces are checked here.
        #expect(text.contains("שלום") && text.contains("U+1F9D1]"))
        #expect(!text.contains("?"))
    }

    @Test func aFaceWithoutAScriptBorrowsItFromItsSiblings() throws {
        // DejaVu Sans Bold Oblique has no Arabic; the bold face does.
        let notes = [HandoutParagraph(runs: [HandoutRun("مرحبا", style: [.bold, .italic])])]
        let document = HandoutDocument(title: "T", slides: [HandoutSlide(number: 1, notes: notes)])
        let output = HandoutWriter.make(document, fonts: Fixtures.handoutFonts)
        #expect(output.missingCharacters.isEmpty)
        let text = try Fixtures.text(of: output.pdf)
        #expect(text.contains("مرحبا") && !text.contains("[U+"))
    }

    @Test func bracketsInRightToLeftTextAreDrawnMirrored() throws {
        var wrapper = ParagraphWrapper(HandoutParagraph("(שלום) עולם 3.5"), size: 10, typesetter: HandoutTypesetter(fonts: Fixtures.handoutFonts))
        #expect(wrapper.isRightToLeft)
        let line = wrapper.nextLine(width: 400) ?? []
        // Drawing order, left to right: the number, then the words from the end, brackets turned round.
        #expect(line.map(\.text).joined() == "3.5 םלוע (םולש)")
        // poppler puts the line back in reading order but does not mirror brackets back, so
        // pdftotext gives ")שלום(": the page is right, the extracted brackets are swapped.
        let text = try Fixtures.text(of: HandoutWriter.pdf(for: Self.document(["(שלום) עולם"]), fonts: Fixtures.handoutFonts))
        #expect(text.contains(")שלום( עולם"))
    }

    @Test func chineseAndJapaneseBreakBetweenCharactersButNotBeforeClosingPunctuation() {
        let sentence = String(repeating: "我们今天一起学习，然后休息。", count: 6) + "こんにちは「世界」です。"
        var wrapper = ParagraphWrapper(HandoutParagraph("Intro " + sentence), size: 10, typesetter: HandoutTypesetter(fonts: Fixtures.handoutFonts))
        var lines: [String] = []
        var widths: [Double] = []
        while let line = wrapper.nextLine(width: 150) {
            lines.append(line.map(\.text).joined())
            widths.append(line.last.map { $0.x + $0.width } ?? 0)
        }
        #expect(lines.joined() == "Intro " + sentence, "no character lost, and no space added between CJK characters")
        #expect(lines.first?.hasPrefix("Intro 我") == true, "the first line is filled, not left with one word")
        #expect(lines.dropFirst().allSatisfy { !"，。」".contains($0.first!) && !$0.hasSuffix("「") }, "\(lines)")
        #expect(widths.dropLast().allSatisfy { $0 <= 150 && $0 > 150 - 25 }, "\(widths)") // full lines, at most two characters short
    }

    @Test func pointedHebrewIsDrawnReversedWithItsPoints() throws {
        // shin + shin dot + qamats, lamed, vav + holam, final mem
        let word = "\u{05E9}\u{05C1}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD}"
        var wrapper = ParagraphWrapper(HandoutParagraph(word), size: 10, typesetter: HandoutTypesetter(fonts: Fixtures.handoutFonts))
        let drawn = (wrapper.nextLine(width: 400) ?? []).flatMap(\.glyphs).map(\.text).joined()
        // Drawn order is the exact reverse of reading order, marks included: DejaVu draws Hebrew
        // points to the right of their origin, made to be drawn just before their letter in a
        // right-to-left line. (Composed text puts qamats before the shin dot: canonical order.)
        #expect(Array(drawn.unicodeScalars) == Array("\u{05DD}\u{05B9}\u{05D5}\u{05DC}\u{05C1}\u{05B8}\u{05E9}".unicodeScalars))
        let pdf = HandoutWriter.pdf(for: Self.document([word]), fonts: Fixtures.handoutFonts)
        try? pdf.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "handout-pointed.pdf")) // for looking at
        let line = try Fixtures.text(of: pdf).split(separator: "\n").first { $0.unicodeScalars.contains { $0.value == 0x05B8 } }
        #expect(line.map { $0.filter { !"\u{202B}\u{202C}".contains($0) } } == Substring(word.precomposedStringWithCanonicalMapping))
    }

    @Test func withoutFontsHelveticaPrintsMarkersNotQuestionMarks() throws {
        let output = HandoutWriter.make(Self.document(["Καλημέρα café"]))
        #expect(output.missingCharacters.map(MissingGlyphMarker.codePoint).contains("U+039A"))
        #expect(!output.missingCharacters.contains("é"))
        let text = try Fixtures.text(of: output.pdf)
        #expect(text.contains("[U+039A][U+03B1][U+03BB]"))
        #expect(text.contains("café") && !text.contains("?"))
    }

    @Test func theFontsAreEmbeddedAsNamedSubsets() throws {
        let pdf = HandoutWriter.pdf(for: Self.document(Self.greetings), fonts: Fixtures.handoutFonts)
        let result = try Fixtures.tool("pdffonts", [], on: pdf)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 4) // DejaVu regular, bold (title), oblique (picture label), Droid (CJK)
        for row in rows {
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns[0].wholeMatch(of: /[A-Z]{6}\+[A-Za-z-]+/) != nil, "\(row)")
            #expect(row.contains("CID TrueType") && row.contains("Identity-H") && row.contains("yes yes yes"), "\(row)")
        }
        #expect(rows.contains { $0.contains("+DroidSansFallback") } && rows.contains { $0.contains("+DejaVuSans-Bold") })
    }

    @Test func handoutsStaySmall() throws {
        let latin = HandoutWriter.pdf(for: Self.document(["Καλημέρα κόσμε, a Greek and English note.", "Second paragraph."]),
                                      fonts: Fixtures.handoutFonts)
        let everything = HandoutWriter.pdf(for: Self.document(Self.greetings), fonts: Fixtures.handoutFonts)
        print("handout sizes: Latin+Greek \(latin.count) bytes, six scripts with CJK \(everything.count) bytes")
        #expect(latin.count < 60_000)
        #expect(everything.count < 200_000)
    }

    @Test(.enabled(if: RequiredTools.runs(Fixtures.tool("pdftoppm") != nil), "pdftoppm not installed"))
    func pagesRenderWithoutComplaint() throws {
        let url = Fixtures.temporaryFile(".pdf")
        let notes = Self.greetings.map { HandoutParagraph($0) } + [
            HandoutParagraph(runs: HandoutNotes.runs("**Жирный** *κursiv* ***مرحبا*** __подчёркнуто__ ~~зачёркнуто~~ 😀 🧑")),
            HandoutParagraph("עמוד 12 של Cadence 2024, ועוד", bulletLevel: 1),
            HandoutParagraph("السلام عليكم ١٢٣", bulletLevel: 2),
        ]
        let document = HandoutDocument(title: "Σύνοψη · 概要", slides: [HandoutSlide(number: 1, title: "שלום", picture: .missing("—"), notes: notes)])
        try HandoutWriter.pdf(for: document, fonts: Fixtures.handoutFonts).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let prefix = NSTemporaryDirectory() + "handout-scripts-render" // look at handout-scripts-render-2.png
        let result = try Fixtures.run("pdftoppm", ["-png", "-r", "60", url.path, prefix])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "pdftoppm complained: \(result.stderr)")
    }
}

@Suite(.timeLimit(.minutes(5))) struct RightToLeftTests {
    static func forms(_ text: String) -> [UInt32] { ArabicShaper.shape(text).map(\.draw.value) }

    @Test func arabicLettersTakeTheirJoiningForms() {
        // meem initial, reh final, hah initial, beh medial, alef final
        #expect(Self.forms("مرحبا") == [0xFEE3, 0xFEAE, 0xFEA3, 0xFE92, 0xFE8E])
        #expect(Self.forms("ب") == [0xFE8F]) // isolated
        #expect(ArabicShaper.shape("مرحبا").map(\.text).joined() == "مرحبا") // the text stays the logical letters
    }

    @Test func lamAlefBecomesOneLigature() {
        #expect(Self.forms("لا") == [0xFEFB])
        #expect(Self.forms("سلام") == [0xFEB3, 0xFEFC, 0xFEE1]) // seen initial, lam-alef final, meem isolated
        #expect(ArabicShaper.shape("سلام")[1].text == "لا")
    }

    @Test func harakatDoNotBreakJoins() {
        // beh + fatha + teh: beh stays initial across the mark.
        #expect(Self.forms("بَت") == [0xFE91, 0x064E, 0xFE96])
    }

    @Test func textWithoutArabicPassesThrough() {
        #expect(Self.forms("שלום a") == "שלום a".unicodeScalars.map(\.value))
    }

    static func visual(_ text: String, rightToLeft: Bool) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: BidiReordering.visualOrder(Array(text.unicodeScalars), rightToLeft: rightToLeft) { BidiClass($0) })
        return String(view)
    }

    @Test func rightToLeftRunsAreReversedAndNumbersKeptInOrder() {
        #expect(Self.visual("שלום עולם", rightToLeft: true) == "םלוע םולש")
        #expect(Self.visual("abc שלום 123", rightToLeft: false) == "abc 123 םולש")
        #expect(Self.visual("שלום 2024 world", rightToLeft: true) == "world 2024 םולש")
        #expect(Self.visual("plain text", rightToLeft: false) == "plain text")
        #expect(Self.visual("מחיר 3.5 ועוד 20% ו-$5", rightToLeft: true) == "$5-ו 20% דועו 3.5 ריחמ")
    }

    @Test func paragraphDirectionComesFromTheFirstStrongCharacter() {
        #expect(BidiClass.paragraphIsRightToLeft("123 שלום abc"))
        #expect(!BidiClass.paragraphIsRightToLeft("abc שלום"))
    }
}

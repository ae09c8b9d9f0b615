import Foundation
import Testing
import TestSupport
@testable import Stage

/// Handouts in any script: shaped by HarfBuzz, ordered by ICU's bidi algorithm, broken where
/// each script allows, in the fonts of `HandoutFontFiles`, checked with HarfBuzz's own
/// `hb-shape` and with poppler.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(Fixtures.hasPoppler && Fixtures.handoutFonts != nil && Fixtures.hasNoto),
                                          "poppler-utils, fonts-dejavu-core or fonts-noto-core/-cjk not installed"))
struct MultilingualHandoutTests {
    /// One line per script: its text, the font file that should draw it, and its PostScript name.
    struct Sample: CustomTestStringConvertible, Sendable {
        let language: String
        let text: String
        let file: String
        var index = 0
        /// hb-shape's --language, where the font draws the script differently per language.
        var shapeLanguage: String?
        var testDescription: String { language }
    }

    static let noto = "/usr/share/fonts/truetype/noto/"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    static let samples: [Sample] = [
        // Conjuncts (स्त, न्द) and the pre-base vowel sign ि, which is typed after its consonant.
        Sample(language: "Hindi", text: "नमस्ते यह हिन्दी में टिप्पणी है", file: noto + "NotoSansDevanagari-Regular.ttf"),
        Sample(language: "Bengali", text: "আমাদের সভায় স্বাগতম", file: noto + "NotoSansBengali-Regular.ttf"),
        Sample(language: "Tamil", text: "அனைவருக்கும் வணக்கம்", file: noto + "NotoSansTamil-Regular.ttf"),
        Sample(language: "Thai", text: "สวัสดีครับ ยินดีต้อนรับ", file: noto + "NotoSansThai-Regular.ttf"),
        // پ گ ی and a zero-width non-joiner (می‌خواهم).
        Sample(language: "Persian", text: "می‌خواهم پیام گرمی بگویم", file: noto + "NotoNaskhArabic-Regular.ttf"),
        Sample(language: "Urdu", text: "آپ کا شکریہ یہ اردو ہے", file: noto + "NotoNaskhArabic-Regular.ttf"),
        Sample(language: "Arabic with vowel marks", text: "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ", file: noto + "NotoNaskhArabic-Regular.ttf"),
        Sample(language: "Hebrew", text: "שָׁלוֹם עוֹלָם", file: noto + "NotoSansHebrew-Regular.ttf"),
        Sample(language: "Russian", text: "Привет мир", file: Fixtures.dejaVuDirectory + "DejaVuSans.ttf"),
        Sample(language: "Greek", text: "Καλημέρα κόσμε", file: Fixtures.dejaVuDirectory + "DejaVuSans.ttf"),
        Sample(language: "Chinese", text: "你好世界欢迎大家", file: cjk, index: 2, shapeLanguage: "zh-Hans"),
        Sample(language: "Japanese", text: "こんにちは世界ようこそ", file: cjk, index: 2, shapeLanguage: "ja"),
        // Emoji DejaVu Sans lacks (it has 😀) come from Symbola, in black and white.
        Sample(language: "Emoji", text: "🙏🎉🌍", file: "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"),
    ]

    /// An English name inside Arabic notes, Hebrew with numbers.
    static let mixed = ["قال John Smith إن الاجتماع رائع", "הפגישה ב-10:30 עם David"]

    static func document(_ notes: [String], title: String = "Greetings") -> HandoutDocument {
        HandoutDocument(title: title, subtitle: "Ελληνικά · Русский · 日本語", slides: [
            HandoutSlide(number: 1, title: "Hello", picture: .missing("no picture"), notes: notes.map { HandoutParagraph($0) }),
        ])
    }

    static let typesetter = HandoutTypesetter(fonts: Fixtures.handoutFonts)

    /// The one line `text` makes at 10 pt on a wide page.
    static func line(_ text: String) throws -> TypesetLine {
        var wrapper = ParagraphWrapper(HandoutParagraph(text), size: 10, typesetter: typesetter)
        let line = wrapper.nextLine(width: 2000)
        #expect(wrapper.isFinished, "one line")
        return try #require(line)
    }

    @Test(arguments: samples)
    func eachScriptIsShapedAsHarfBuzzShapesIt(sample: Sample) throws {
        let glyphs = try Self.line(sample.text).fragments.flatMap(\.glyphs)
        let fonts = Set(glyphs.map(\.font))
        #expect(fonts.count == 1, "one font for \(sample.language)")
        let font = try #require(Self.typesetter.font(glyphs[0].font))
        let expected = try OpenTypeFont(bytes: try #require(FileManager.default.contents(atPath: sample.file)), collectionIndex: sample.index)
        #expect(font.postScriptName == expected.postScriptName, "drawn in \(font.postScriptName)")
        var arguments = ["--font-file=\(sample.file)", "--face-index=\(sample.index)", "--no-glyph-names", "--no-positions", "--no-clusters"]
        if let language = sample.shapeLanguage { arguments.append("--language=\(language)") }
        let result = try Fixtures.run("hb-shape", arguments + [sample.text.precomposedStringWithCanonicalMapping])
        #expect(result.status == 0, "\(result.stderr)")
        let shaped = result.stdout.trimmingCharacters(in: CharacterSet(charactersIn: "[]\n")).split(separator: "|").compactMap { UInt16($0) }
        #expect(glyphs.map(\.code) == shaped, "\(sample.language)")
    }

    @Test func everyLineComesBackFromPdftotextInReadingOrder() throws {
        let notes = Self.samples.map(\.text) + Self.mixed
        let output = HandoutWriter.make(Self.document(notes), fonts: Fixtures.handoutFonts)
        try? output.pdf.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "handout-scripts.pdf")) // for looking at
        #expect(output.missingCharacters.isEmpty, "\(output.missingCharacters)")
        let lines = try Self.lines(of: output.pdf)
        for sample in Self.samples {
            let note = sample.text.precomposedStringWithCanonicalMapping
            if note.unicodeScalars.contains(where: Self.isPositionedMark) {
                // poppler orders a raised or lowered vowel mark by its own position, often before its
                // letter and with a space, drops some, and reverses a ligature's text inside
                // right-to-left words (الله); pango-view's PDFs of these lines come back the same. So
                // for these two lines poppler can only confirm that every letter is there, on one line.
                let letters = Self.letters(note).sorted()
                #expect(lines.contains { Self.letters($0).sorted() == letters }, "\(sample.language): no line with the letters of \(note) in \(lines)")
            } else {
                #expect(lines.contains(note), "\(sample.language): \(note) not in \(lines)")
            }
        }
        // Mixed lines: poppler gives each run in reading order, the runs in the order they stand on the page.
        let mixed = lines.joined(separator: "\n")
        for run in ["قال", "John Smith", "إن الاجتماع رائع", "הפגישה", "10:30", "עם", "David"] {
            #expect(mixed.contains(run), "\(run)")
        }
        #expect(!mixed.contains("?") && !mixed.contains("[U+"))
        #expect(lines.contains("Ελληνικά · Русский · 日本語"))
    }

    /// Hebrew points and Arabic harakat, which the shaper places over or under their letter.
    static func isPositionedMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x0591...0x05C7).contains(scalar.value) || (0x064B...0x065F).contains(scalar.value) || scalar.value == 0x0670
    }

    static func letters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isPositionedMark($0) && !$0.properties.isWhitespace }))
    }

    /// pdftotext's lines, without the embedding marks poppler puts around right-to-left text and with single spaces.
    static func lines(of pdf: Data) throws -> [String] {
        try Fixtures.text(of: pdf).split(whereSeparator: \.isNewline).map { line in
            line.filter { !"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}".contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    @Test func mixedDirectionLinesRunInTheirVisualOrder() throws {
        // Drawn left to right: the Arabic words after the name first, then the name, then "قال".
        let arabic = try Self.line(Self.mixed[0])
        let latin = arabic.fragments.flatMap(\.glyphs).filter { Self.typesetter.font($0.font)?.postScriptName.hasPrefix("DejaVu") == true }
        #expect(latin.map(\.text).joined().trimmingCharacters(in: .whitespaces) == "John Smith")
        let drawn = arabic.fragments.flatMap(\.glyphs).map(\.text).joined()
        // The first word read is the rightmost drawn; right-to-left glyphs are drawn last letter first.
        #expect(drawn.hasSuffix(String("قال".reversed())) && drawn.hasPrefix(String("رائع".reversed())), "\(drawn)")
        #expect(Self.typesetter.shape(HandoutParagraph(Self.mixed[0])).isRightToLeft)
        // Hebrew with a time: the number keeps its order, and stays to the left of the word it follows.
        let hebrew = try Self.line(Self.mixed[1]).fragments.flatMap(\.glyphs).map(\.text).joined()
        #expect(hebrew.hasPrefix("David"), "\(hebrew)")
        #expect(hebrew.contains("10:30"), "\(hebrew)")
    }

    @Test func mixedDirectionLinesComeBackInReadingOrderFromARightToLeftHandout() throws {
        // poppler takes a page's main direction from most of its text: on a handout in Arabic or
        // Hebrew it reads each mixed line back word by word in reading order. (Its reconstruction
        // drops the space where the runs meet and moves "-" from "ב-10:30"; pango-view's PDFs of
        // these lines come back the same, so the words and their order are what is checked.)
        for (mixed, others) in [(Self.mixed[0], ["مرحبا بكم جميعا في هذا اللقاء", "نتحدث اليوم عن القصة"]),
                                (Self.mixed[1], ["שלום לכולם ותודה שבאתם", "היום נדבר על הסיפור הזה"])] {
            let slide = HandoutSlide(number: 1, title: others[0], notes: ([mixed] + others).map { HandoutParagraph($0) })
            let lines = try Self.lines(of: HandoutWriter.pdf(for: HandoutDocument(title: others[1], slides: [slide]), fonts: Fixtures.handoutFonts))
            let words = mixed.split { $0 == " " || $0 == "-" }.map(String.init)
            let line = lines.first { $0.contains(words[0]) && $0.contains(words.last!) }
            var rest = Substring(line ?? "")
            for word in words {
                let found = rest.range(of: word)
                #expect(found != nil, "\(word) is not where reading order puts it in \(line ?? "no line")")
                if let found { rest = rest[found.upperBound...] }
            }
        }
    }

    @Test func aCharacterNoFontHasPrintsItsCodePointAndIsReported() throws {
        // U+1FAE8 (shaking face, Unicode 15) is in no installed font; Devanagari now is.
        let output = HandoutWriter.make(Self.document(["Smile 😀\u{1FAE8} please", "नम", "שלום \u{1FAE8}"]), fonts: Fixtures.handoutFonts)
        #expect(output.missingCharacters.map(MissingGlyphMarker.codePoint) == ["U+1FAE8"])
        let text = try Fixtures.text(of: output.pdf)
        #expect(text.contains("Smile 😀[U+1FAE8] please"))
        #expect(text.contains("नम"))
        #expect(text.contains("שלום") && text.contains("[U+1FAE8]"))
        #expect(!text.contains("?"))
    }

    @Test func aFaceWithoutAScriptBorrowsItFromItsSiblings() throws {
        // With DejaVu's four faces only: DejaVu Sans Bold Oblique has no Arabic, the bold face has.
        let read = { (path: String) in FileManager.default.contents(atPath: path).map { HandoutFonts.Source(data: $0) } }
        let faces = HandoutFontFiles.faces.compactMap(read)
        let fonts = try HandoutFonts(regular: faces[0], bold: faces[1], italic: faces[2], boldItalic: faces[3])
        let notes = [HandoutParagraph(runs: [HandoutRun("مرحبا", style: [.bold, .italic])])]
        let document = HandoutDocument(title: "T", slides: [HandoutSlide(number: 1, notes: notes)])
        let output = HandoutWriter.make(document, fonts: fonts)
        #expect(output.missingCharacters.isEmpty)
        let text = try Fixtures.text(of: output.pdf)
        #expect(text.contains("مرحبا") && !text.contains("[U+"))
    }

    @Test func boldTextInAScriptTakesThatScriptsBoldFont() throws {
        var wrapper = ParagraphWrapper(HandoutParagraph(runs: [HandoutRun("नमस्ते", style: .bold)]), size: 10, typesetter: Self.typesetter)
        let line = wrapper.nextLine(width: 500)
        let glyphs = try #require(line).fragments.flatMap(\.glyphs)
        #expect(Self.typesetter.font(glyphs[0].font)?.postScriptName == "NotoSansDevanagari-Bold")
    }

    @Test func bracketsInRightToLeftTextAreDrawnMirroredAndReadBackUnmirrored() throws {
        let line = try Self.line("(שלום) עולם 3.5")
        let glyphs = line.fragments.flatMap(\.glyphs)
        // Drawing order, left to right: the number, then the words from the end; the bracket drawn
        // first (at the left) is the one typed last, ")", shown as "(".
        #expect(glyphs.map(\.text).joined() == "3.5 םלוע )םולש(")
        let font = try #require(Self.typesetter.font(glyphs[glyphs.count - 1].font))
        #expect(glyphs.last?.code == UInt16(font.glyph(for: ")")), "the last glyph drawn is '(' typed, shown as ')'")
        // The line's reading-order text travels with it, so the extracted brackets are the typed ones.
        let lines = try Self.lines(of: HandoutWriter.pdf(for: Self.document(["(שלום) עולם"]), fonts: Fixtures.handoutFonts))
        #expect(lines.contains("(שלום) עולם"), "\(lines)")
    }

    @Test func chineseAndJapaneseBreakBetweenCharactersButNotBeforeClosingPunctuation() {
        let sentence = String(repeating: "我们今天一起学习，然后休息。", count: 6) + "こんにちは「世界」です。"
        var wrapper = ParagraphWrapper(HandoutParagraph("Intro " + sentence), size: 10, typesetter: Self.typesetter)
        var lines: [String] = []
        var widths: [Double] = []
        while let line = wrapper.nextLine(width: 150) {
            lines.append(line.text)
            widths.append(line.width)
        }
        #expect(lines.joined() == "Intro " + sentence, "no character lost, and no space added between CJK characters")
        #expect(lines.first?.hasPrefix("Intro 我") == true, "the first line is filled, not left with one word")
        #expect(lines.dropFirst().allSatisfy { !"，。」".contains($0.first!) && !$0.hasSuffix("「") }, "\(lines)")
        #expect(widths.dropLast().allSatisfy { $0 <= 150 && $0 > 150 - 25 }, "\(widths)") // full lines, at most two characters short
    }

    @Test func thaiBreaksBetweenWordsThoughItWritesNoSpaces() {
        let sentence = "วันนี้อากาศดีมากเราจะไปเที่ยวทะเลด้วยกันกับครอบครัวและเพื่อนๆทุกคน"
        var wrapper = ParagraphWrapper(HandoutParagraph(sentence), size: 10, typesetter: Self.typesetter)
        var lines: [String] = []
        while let line = wrapper.nextLine(width: 90) { lines.append(line.text) }
        #expect(lines.count > 2)
        #expect(lines.joined() == sentence)
        // Each line ends at a word ICU's dictionary knows, never inside one: "วันนี้" (today) stays whole.
        #expect(lines[0].hasPrefix("วันนี้"))
        #expect(!lines.contains { $0.hasPrefix("นี้") || $0.hasSuffix("วัน") })
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
        let pdf = HandoutWriter.pdf(for: Self.document(Self.samples.map(\.text)), fonts: Fixtures.handoutFonts)
        let result = try Fixtures.tool("pdffonts", [], on: pdf)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst(2)
        for row in rows {
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns[0].wholeMatch(of: /[A-Z]{6}\+[A-Za-z0-9-]+/) != nil, "\(row)")
            #expect(row.contains("Identity-H") && row.contains("yes yes yes"), "\(row)")
        }
        for name in ["DejaVuSans-Bold", "NotoSansDevanagari-Regular", "NotoNaskhArabic-Regular", "NotoSansThai-Regular", "Symbola"] {
            #expect(rows.contains { $0.contains("+\(name) ") && $0.contains("CID TrueType") }, "\(name) in \(rows)")
        }
        #expect(rows.contains { $0.contains("+NotoSansCJKsc-Regular") && $0.contains("CID Type 0C") }, "\(rows)")
    }

    @Test func handoutsStaySmall() throws {
        let latin = HandoutWriter.pdf(for: Self.document(["Καλημέρα κόσμε, a Greek and English note.", "Second paragraph."]),
                                      fonts: Fixtures.handoutFonts)
        let hindi = HandoutWriter.pdf(for: Self.document([Self.samples[0].text]), fonts: Fixtures.handoutFonts)
        let everything = HandoutWriter.pdf(for: Self.document(Self.samples.map(\.text)), fonts: Fixtures.handoutFonts)
        print("handout sizes: Latin+Greek \(latin.count) bytes, Hindi \(hindi.count) bytes, twelve scripts \(everything.count) bytes")
        #expect(latin.count < 60_000)
        #expect(hindi.count < 80_000) // NotoSansDevanagari-Regular.ttf alone is about 200 kB
        #expect(everything.count < 600_000)
    }

    @Test(.enabled(if: RequiredTools.runs(Fixtures.tool("pdftoppm") != nil), "pdftoppm not installed"))
    func pagesRenderWithoutComplaint() throws {
        let url = Fixtures.temporaryFile(".pdf")
        let notes = Self.samples.map { HandoutParagraph($0.text) } + [
            HandoutParagraph(runs: HandoutNotes.runs("**Жирный** *κursiv* ***مرحبا*** __подчёркнуто__ ~~зачёркнуто~~ **नमस्ते** 😀")),
            HandoutParagraph("עמוד 12 של Cadence 2024, ועוד", bulletLevel: 1),
            HandoutParagraph("السلام عليكم ١٢٣", bulletLevel: 2),
        ]
        let document = HandoutDocument(title: "Σύνοψη · 概要", slides: [HandoutSlide(number: 1, title: "שלום", picture: .missing("—"), notes: notes)])
        try HandoutWriter.pdf(for: document, fonts: Fixtures.handoutFonts).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let prefix = NSTemporaryDirectory() + "handout-scripts-render" // look at handout-scripts-render-2.png
        let result = try Fixtures.run("pdftoppm", ["-png", "-r", "110", url.path, prefix])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "pdftoppm complained: \(result.stderr)")
    }
}

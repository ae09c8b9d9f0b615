import Foundation
import Testing
import TestSupport
@testable import Stage

@Suite(.timeLimit(.minutes(5))) struct HandoutStructureTests {
    @Test func xrefOffsetsPointAtTheirObjects() throws {
        let pdf = [UInt8](HandoutWriter.pdf(for: Samples.threeSlides(jpeg: nil)))
        let text = String(decoding: pdf, as: UTF8.self) // offsets are byte offsets; check on bytes
        #expect(text.hasPrefix("%PDF-1.4\n"))
        let tail = String(decoding: pdf.suffix(64), as: UTF8.self)
        let startxref = try #require(Int(tail.components(separatedBy: "startxref\n")[1].split(separator: "\n")[0]))
        #expect(pdf[startxref..<startxref + 4].elementsEqual(Array("xref".utf8)))
        let table = String(decoding: pdf[startxref...], as: UTF8.self).split(whereSeparator: \.isNewline)
        let count = try #require(Int(table[1].split(separator: " ")[1]))
        for number in 1..<count {
            let entry = table[2 + number]
            let offset = try #require(Int(entry.prefix(10)))
            let expected = Array("\(number) 0 obj".utf8)
            #expect(pdf[offset..<offset + expected.count].elementsEqual(expected), "object \(number)")
        }
        #expect(text.contains("/Producer (Cadence)"))
        #expect(text.hasSuffix("%%EOF\n"))
    }

    @Test func letterPaperSetsTheMediaBox() {
        let pdf = String(decoding: HandoutWriter.pdf(for: Samples.threeSlides(jpeg: nil), options: HandoutOptions(paper: .usLetter)), as: UTF8.self)
        #expect(pdf.contains("/MediaBox [0 0 612 792]"))
    }

    @Test func continuedNotesUseTheFullWidth() {
        let long = HandoutParagraph(String(repeating: "word ", count: 2500))
        let document = HandoutDocument(title: "T", slides: [HandoutSlide(number: 1, picture: .missing("video"), notes: [long])])
        var layout = HandoutLayout(options: HandoutOptions())
        let pages = layout.layOut(document, pictures: [.missing("video")])
        #expect(pages.count >= 3)
        let xs = pages[2].marks.compactMap { mark -> Double? in
            if case let .text(x, y, _, _, _, _) = mark, y > 60 { return x } else { return nil }
        }
        #expect(!xs.isEmpty && xs.allSatisfy { $0 == 50 }) // heading and every line at the left margin
    }

    @Test func shortNotesShareAPage() {
        var layout = HandoutLayout(options: HandoutOptions())
        let document = Samples.shortSlides(count: 9)
        let pages = layout.layOut(document, pictures: document.slides.map { _ in .missing("video") })
        #expect(pages.count == 1 + 3) // title page + three slides per page
    }
}

@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(Fixtures.hasPoppler), "poppler-utils (pdftotext, pdfinfo) not installed; skipping PDF checks"))
struct HandoutPopplerTests {
    @Test func threeSlideHandoutHasAllText() throws {
        let pdf = HandoutWriter.pdf(for: Samples.threeSlides(jpeg: Fixtures.jpeg()))
        try? pdf.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "handout-sample.pdf"))
        let info = try Fixtures.info(of: pdf)
        #expect(info.status == 0)
        #expect(info.stderr.isEmpty, "pdfinfo complained: \(info.stderr)")
        let pages = try #require(info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        let pageCount = try #require(Int(pages.split(separator: " ").last ?? ""))
        #expect(info.stdout.contains("Title:") && info.stdout.contains("Canción — señal"))
        #expect(info.stdout.split(separator: "\n").contains { $0.hasPrefix("Producer:") && $0.hasSuffix(" Cadence") })

        let text = try Fixtures.text(of: pdf)
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Canción — señal"))
        #expect(flat.contains("Serie de Pascua · Español · 3 de mayo"))
        #expect(flat.contains("3 slides"))
        for slide in Samples.threeSlides(jpeg: nil).slides {
            for paragraph in slide.notes {
                let words = paragraph.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(flat.contains(words), "missing note: \(words)")
            }
        }
        #expect(flat.contains("• First point"))
        #expect(flat.contains("video not shown"))
        for page in 1...pageCount { #expect(flat.contains("\(page) / \(pageCount)")) }
    }

    @Test func longNotesFlowAcrossPagesWithoutLosingWords() throws {
        let words = (0..<3000).map { "w\($0)" }
        let paragraphs = stride(from: 0, to: words.count, by: 150).map {
            HandoutParagraph(words[$0..<min($0 + 150, words.count)].joined(separator: " "))
        }
        let document = HandoutDocument(title: "Long", slides: [
            HandoutSlide(number: 1, title: "Many words", picture: .png(Fixtures.gradientPNG()), notes: paragraphs),
            HandoutSlide(number: 2, title: "After", notes: [HandoutParagraph("tail end")]),
        ])
        let pdf = HandoutWriter.pdf(for: document)
        try? pdf.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "handout-long.pdf")) // for looking at
        let info = try Fixtures.info(of: pdf)
        let pages = Int(info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages >= 4)
        let found = try Fixtures.text(of: pdf).split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("w") && Int($0.dropFirst()) != nil }
        #expect(found.count == 3000)
        #expect(found.map(String.init) == words) // in reading order, too
    }

    @Test func winAnsiTextRoundTrips() throws {
        let sample = "é ñ — “ ” • € Ünïcödé ¿Qué? ¡Sí!"
        let document = HandoutDocument(title: "T", slides: [HandoutSlide(number: 1, notes: [HandoutParagraph(sample)])])
        let text = try Fixtures.text(of: HandoutWriter.pdf(for: document))
        #expect(text.contains(sample))
    }

    @Test func parenthesesAndBackslashesSurvive() throws {
        let sample = #"Use (parentheses) and a back\slash, even \( unbalanced ) ones"#
        let document = HandoutDocument(title: "A (title)", slides: [HandoutSlide(number: 1, notes: [HandoutParagraph(sample)])])
        let text = try Fixtures.text(of: HandoutWriter.pdf(for: document))
        #expect(text.contains(sample))
        #expect(text.contains("A (title)"))
    }

    @Test(.enabled(if: RequiredTools.runs(Fixtures.tool("pdftoppm") != nil), "pdftoppm not installed"))
    func pagesRender() throws {
        let url = Fixtures.temporaryFile(".pdf")
        try HandoutWriter.pdf(for: Samples.threeSlides(jpeg: Fixtures.jpeg())).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let prefix = NSTemporaryDirectory() + "handout-render"
        let result = try Fixtures.run("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "2", url.path, prefix])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "pdftoppm complained: \(result.stderr)")
    }
}

enum Samples {
    static func threeSlides(jpeg: Data?) -> HandoutDocument {
        HandoutDocument(
            title: "Canción — señal",
            subtitle: "Serie de Pascua · Español · 3 de mayo",
            slides: [
                HandoutSlide(number: 1, title: "Bienvenida", picture: jpeg.map(HandoutPicture.jpeg) ?? .missing("no JPEG available"), notes: [
                    HandoutParagraph(runs: [
                        HandoutRun("Welcome everyone. "), HandoutRun("Bold words", style: .bold), HandoutRun(" and "),
                        HandoutRun("italic ones", style: .italic), HandoutRun(", "), HandoutRun("underlined", style: .underline),
                        HandoutRun(" and "), HandoutRun("struck", style: .strikethrough), HandoutRun(" text."),
                    ]),
                    HandoutParagraph("First point", bulletLevel: 1),
                    HandoutParagraph("A nested point", bulletLevel: 2),
                    HandoutParagraph("Deepest point", bulletLevel: 3),
                ]),
                HandoutSlide(number: 2, title: "La señal", picture: .png(Fixtures.gradientPNG(width: 160, height: 120)), notes: [
                    HandoutParagraph("The PNG slide has a short note with “curly quotes” and an en – dash."),
                ]),
                HandoutSlide(number: 3, title: "Video", picture: .missing("video not shown"), notes: [
                    HandoutParagraph("During the video, invite people to reflect quietly."),
                    HandoutParagraph("Then pray together."),
                ]),
            ])
    }

    static func shortSlides(count: Int) -> HandoutDocument {
        HandoutDocument(title: "Short", slides: (1...count).map {
            HandoutSlide(number: $0, title: "Slide \($0)", picture: .missing("video"), notes: [HandoutParagraph("A short note.")])
        })
    }
}

import Foundation
import Testing
@testable import DeckImport

@Suite(.timeLimit(.minutes(5))) struct PPTXImportTests {
    /// No LibreOffice: structure only, pictures nil with a warning.
    let importer = DeckImporter(tools: ExternalTools())

    static let notesXML = """
    <a:p><a:r><a:rPr lang="en-US"/><a:t>Intro line</a:t></a:r></a:p>\
    <a:p><a:pPr lvl="1"><a:buChar char="•"/></a:pPr><a:r><a:t>Bullet at level one</a:t></a:r></a:p>\
    <a:p><a:pPr lvl="2"/><a:r><a:t>Deep</a:t></a:r><a:br/><a:r><a:t>second line</a:t></a:r></a:p>\
    <a:p><a:pPr><a:buNone/></a:pPr><a:r><a:t>Page </a:t></a:r><a:fld id="{1}" type="slidenum"><a:t>7</a:t></a:fld><a:fld id="{2}" type="datetime1"><a:t> today</a:t></a:fld></a:p>\
    <a:p><a:pPr><a:buAutoNum type="arabicPeriod"/></a:pPr><a:r><a:t>Numbered &amp; escaped</a:t></a:r></a:p>\
    <a:p><a:endParaRPr lang="en-US"/></a:p>
    """
    static let expectedNotes = "Intro line\n\t• Bullet at level one\n\t\tDeep\nsecond line\nPage 1 today\n• Numbered & escaped"

    static let specs: [Fixtures.SlideSpec] = [
        .init(title: "First", notesParagraphs: notesXML),
        .init(title: "Second", notesParagraphs: "<a:p><a:r><a:t>Only notes</a:t></a:r></a:p>", hidden: true),
        .init(title: nil),
        .init(title: "Fourth", notesParagraphs: "", hidden: true, hiddenValue: "false"),
    ]

    @Test func orderHiddenNotesTitles() async throws {
        let dir = Fixtures.temporaryDirectory("pptx")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.deckTitle = "Quarterly Review"
        options.reverseFileNumbering = true
        options.absoluteTargetSlide = 2
        let pptx = Fixtures.pptx(Self.specs, options: options, in: dir)
        let deck = try await importer.importDeck(fileURL: pptx, filename: "q.pptx", workDirectory: dir.appendingPathComponent("w"))
        #expect(deck.title == "Quarterly Review")
        #expect(deck.slides.map(\.title) == ["First", "Second", nil, "Fourth"])
        #expect(deck.slides.map(\.hidden) == [false, true, false, true])
        #expect(deck.slides[0].notes == Self.expectedNotes)
        #expect(deck.slides[1].notes == "Only notes")
        #expect(deck.slides[2].notes == "")
        #expect(deck.slides[3].notes == "")
        #expect(deck.slides.allSatisfy { $0.imageFile == nil })
        #expect(deck.warnings.count == 1)
        #expect(deck.warnings.first?.message.hasPrefix("Slide pictures need LibreOffice (Debian package libreoffice-impress)") == true)
    }

    @Test func strictNamespacesAndOtherPrefixes() async throws {
        let dir = Fixtures.temporaryDirectory("strict")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.strict = true
        options.pmlPrefix = "pres"
        options.dmlPrefix = "draw"
        let notes = Self.notesXML.replacingOccurrences(of: "<a:", with: "<draw:").replacingOccurrences(of: "</a:", with: "</draw:")
        let pptx = Fixtures.pptx([.init(title: "S1", notesParagraphs: notes), .init(title: "S2", hidden: true)],
                                 options: options, in: dir)
        let deck = try await importer.importDeck(fileURL: pptx, filename: "Strict deck.pptx", workDirectory: dir.appendingPathComponent("w"))
        #expect(deck.title == "Strict deck")
        #expect(deck.slides.map(\.title) == ["S1", "S2"])
        #expect(deck.slides.map(\.hidden) == [false, true])
        #expect(deck.slides[0].notes == Self.expectedNotes)
    }

    @Test func noSlidesIsEmpty() async {
        let dir = Fixtures.temporaryDirectory("noslides")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pptx = Fixtures.pptx([], in: dir)
        let error = await expectImportError(.empty) {
            _ = try await importer.importDeck(fileURL: pptx, filename: "e.pptx", workDirectory: dir.appendingPathComponent("w"))
        }
        #expect(error?.message.contains("no slides") == true)
    }

    @Test func missingSlidePartIsCorrupt() async {
        let dir = Fixtures.temporaryDirectory("missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.overrides = ["ppt/slides/slide1.xml": "<x/>"]
        let pptx = Fixtures.pptx([.init(title: "A")], options: options, in: dir)
        await expectImportError(.corrupt) {
            _ = try await importer.importDeck(fileURL: pptx, filename: "m.pptx", workDirectory: dir.appendingPathComponent("w"))
        }
    }
}

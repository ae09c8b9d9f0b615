import Foundation
import Testing
@testable import DeckImport

@Suite(.timeLimit(.minutes(5))) struct ZIPImportTests {
    let importer = DeckImporter(tools: ExternalTools())

    @Test func picturesInNaturalOrderWithOwnFileNames() async throws {
        let dir = Fixtures.temporaryDirectory("zip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([
            .init(path: "deck/", data: Data()),
            .init(path: "deck/slide10.PNG", data: Fixtures.png(width: 10, height: 5)),
            .init(path: "deck/slide2.jpg", data: Fixtures.jpeg, deflate: false),
            .init(path: "deck/slide1.png", data: Fixtures.png(width: 3, height: 4)),
            .init(path: "__MACOSX/deck/._slide1.png", data: Data("junk".utf8)),
            .init(path: "deck/.hidden.png", data: Data("junk".utf8)),
            .init(path: "deck/readme.txt", data: Data("hello".utf8)),
        ], in: dir)
        let work = dir.appendingPathComponent("work")
        let deck = try await importer.importDeck(fileURL: zip, filename: "My Talk.zip", workDirectory: work)
        #expect(deck.title == "My Talk")
        #expect(deck.slides.map(\.width) == [3, 16, 10])
        #expect(deck.slides.map(\.height) == [4, 12, 5])
        #expect(deck.slides.map(\.imageType) == ["png", "jpeg", "png"])
        #expect(deck.slides.map { $0.imageFile?.lastPathComponent } == ["slide-0001.png", "slide-0002.jpg", "slide-0003.png"])
        for slide in deck.slides {
            #expect(slide.imageFile?.deletingLastPathComponent().standardizedFileURL.path(percentEncoded: false).trimmingCharacters(in: ["/"]) == work.standardizedFileURL.path(percentEncoded: false).trimmingCharacters(in: ["/"]))
            #expect(slide.notes == "" && !slide.hidden && slide.title == nil)
        }
        #expect(try Data(contentsOf: deck.slides[1].imageFile!) == Fixtures.jpeg)
    }

    @Test func detectsByContentNotName() throws {
        let dir = Fixtures.temporaryDirectory("detect")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "a.png", data: Fixtures.png(width: 1, height: 1))], name: "x.pdf", in: dir)
        #expect(try DeckFormat.detect(fileURL: zip, filename: "x.pdf") == .zip)
        let pptx = Fixtures.pptx([.init(title: "T")], name: "upload.bin", in: dir)
        #expect(try DeckFormat.detect(fileURL: pptx, filename: "upload.zip") == .pptx)
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["x"]), name: "a.zip", in: dir)
        #expect(try DeckFormat.detect(fileURL: pdf, filename: "a.zip") == .pdf)
    }
}

import Foundation
import Testing
@testable import DeckImport
import SafeXML

/// Hostile and broken uploads: each must fail with the right kind and a helpful message.
@Suite(.timeLimit(.minutes(5))) struct SafetyTests {
    let importer = DeckImporter(tools: ExternalTools())

    private func run(_ url: URL, _ name: String, importer: DeckImporter? = nil, work: URL? = nil) async throws {
        let work = work ?? url.deletingLastPathComponent().appendingPathComponent("work-\(UUID().uuidString)")
        _ = try await (importer ?? self.importer).importDeck(fileURL: url, filename: name, workDirectory: work)
    }

    @Test func textFileIsUnsupported() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Fixtures.write(Data("just some notes\n".utf8), name: "notes.txt", in: dir)
        let error = await expectImportError(.unsupportedFormat) { try await run(file, "notes.txt") }
        #expect(error?.message == "Import a ZIP of PNG/JPEG pictures, a PDF, or a PowerPoint .pptx file.")
        let png = Fixtures.write(Fixtures.png(width: 2, height: 2), name: "one.png", in: dir)
        await expectImportError(.unsupportedFormat) { try await run(png, "one.png") }
    }

    @Test func emptyFileAndEmptyZIP() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = Fixtures.write(Data(), name: "e.zip", in: dir)
        await expectImportError(.empty) { try await run(empty, "e.zip") }
        let zip = Fixtures.zip([], name: "none.zip", in: dir)
        let error = await expectImportError(.empty) { try await run(zip, "none.zip") }
        #expect(error?.message == "The ZIP has no PNG or JPEG pictures (or MP4/WebM videos).")
        let onlyText = Fixtures.zip([.init(path: "a.txt", data: Data("x".utf8))], name: "t.zip", in: dir)
        await expectImportError(.empty) { try await run(onlyText, "t.zip") }
    }

    @Test func truncatedZIPIsCorrupt() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "a.png", data: Fixtures.png(width: 40, height: 40))], in: dir)
        let data = try! Data(contentsOf: zip)
        let cut = Fixtures.write(data.prefix(data.count / 2), name: "cut.zip", in: dir)
        await expectImportError(.corrupt) { try await run(cut, "cut.zip") }
    }

    @Test(arguments: ["../evil.png", "/etc/evil.png", "a\\..\\evil.png", "ok/../../evil.png"])
    func pathTraversalEntries(path: String) async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "fine.png", data: Fixtures.png(width: 1, height: 1)),
                                .init(path: path, data: Fixtures.png(width: 1, height: 1))], in: dir)
        let error = await expectImportError(.pathTraversal) { try await run(zip, "x.zip") }
        #expect(error?.message.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("evil.png").path))
    }

    @Test func encryptedEntryFlag() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "a.png", data: Fixtures.png(width: 2, height: 2))], in: dir)
        Fixtures.markEncrypted(zip)
        let error = await expectImportError(.encrypted) { try await run(zip, "x.zip") }
        #expect(error?.message.contains("a.png") == true, "\(String(describing: error))")
    }

    @Test func zipBombByRatio() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bomb = Fixtures.zipOfZeros(path: "huge.png", size: 50 << 20, in: dir)
        let work = dir.appendingPathComponent("work")
        let error = await expectImportError(.tooLarge) { try await run(bomb, "bomb.zip", work: work) }
        #expect(error?.message.contains("huge.png") == true)
        // Stopped early: nothing close to 50 MiB was written.
        let written = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        #expect(written.isEmpty)
    }

    @Test func totalLimitCountsInflatedBytes() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bomb = Fixtures.zipOfZeros(path: "huge.png", size: 50 << 20, in: dir)
        // Lie about the size in both headers (declared 1000 bytes) so only counting can catch it.
        var bytes = [UInt8](try! Data(contentsOf: bomb))
        for i in 0..<(bytes.count - 30) where bytes[i] == 0x50 && bytes[i + 1] == 0x4B {
            let field: Int? = bytes[i + 2] == 3 && bytes[i + 3] == 4 ? i + 22 : (bytes[i + 2] == 1 && bytes[i + 3] == 2 ? i + 24 : nil)
            if let field { bytes.replaceSubrange(field..<(field + 4), with: [0xE8, 0x03, 0, 0]) }
        }
        let liar = Fixtures.write(Data(bytes), name: "liar.zip", in: dir)
        var limits = ImportLimits()
        limits.maxCompressionRatio = 1_000_000 // only the total limit is in play
        limits.maxUncompressedBytes = 4 << 20
        let work = dir.appendingPathComponent("work")
        let error = await expectImportError(.tooLarge) {
            try await run(liar, "liar.zip", importer: DeckImporter(tools: ExternalTools(), limits: limits), work: work)
        }
        #expect(error?.message.contains("MiB") == true)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        #expect(written.isEmpty)
        // With the ratio check on, the lie is caught by the per-entry ratio on actual bytes.
        var ratio = ImportLimits()
        ratio.maxUncompressedBytes = 1 << 30
        await expectImportError(.tooLarge) {
            try await run(liar, "liar.zip", importer: DeckImporter(tools: ExternalTools(), limits: ratio))
        }
    }

    @Test func tooManyEntries() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip((1...12).map { .init(path: "s\($0).png", data: Fixtures.png(width: 1, height: 1)) }, in: dir)
        var limits = ImportLimits()
        limits.maxEntries = 10
        await expectImportError(.tooLarge) { try await run(zip, "x.zip", importer: DeckImporter(tools: ExternalTools(), limits: limits)) }
        limits = ImportLimits()
        limits.maxSlides = 5
        await expectImportError(.tooLarge) { try await run(zip, "x.zip", importer: DeckImporter(tools: ExternalTools(), limits: limits)) }
    }

    @Test func brokenPictures() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var png = [UInt8](Fixtures.png(width: 4, height: 4))
        png[29] ^= 0xFF // IHDR CRC
        let badCRC = Fixtures.zip([.init(path: "ok.png", data: Fixtures.png(width: 1, height: 1)),
                                   .init(path: "bad.png", data: Data(png))], name: "crc.zip", in: dir)
        let error = await expectImportError(.undecodableImage) { try await run(badCRC, "crc.zip") }
        #expect(error?.message.contains("bad.png") == true)

        let truncatedJPEG = Fixtures.zip([.init(path: "cut.jpg", data: Fixtures.jpeg.prefix(Fixtures.jpeg.count - 40))], name: "j.zip", in: dir)
        let jpegError = await expectImportError(.undecodableImage) { try await run(truncatedJPEG, "j.zip") }
        #expect(jpegError?.message.contains("cut.jpg") == true)

        let truncatedPNG = Fixtures.zip([.init(path: "cut.png", data: Fixtures.png(width: 30, height: 30).prefix(200))], name: "p.zip", in: dir)
        await expectImportError(.undecodableImage) { try await run(truncatedPNG, "p.zip") }

        let notPicture = Fixtures.zip([.init(path: "fake.jpeg", data: Data("hello".utf8))], name: "f.zip", in: dir)
        await expectImportError(.undecodableImage) { try await run(notPicture, "f.zip") }

        var limits = ImportLimits()
        limits.maxImagePixels = 100
        let big = Fixtures.zip([.init(path: "big.png", data: Fixtures.png(width: 20, height: 20))], name: "b.zip", in: dir)
        await expectImportError(.tooLarge) { try await run(big, "b.zip", importer: DeckImporter(tools: ExternalTools(), limits: limits)) }
    }

    @Test func oleFiles() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let header: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        let name = Array("EncryptedPackage".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let encrypted = Fixtures.write(Data(header + [UInt8](repeating: 0, count: 3000) + name + [0, 0]), name: "p.pptx", in: dir)
        let error = await expectImportError(.encrypted) { try await run(encrypted, "p.pptx") }
        #expect(error?.message.contains("password") == true)
        let legacy = Fixtures.write(Data(header + [UInt8](repeating: 0, count: 3000)), name: "old.ppt", in: dir)
        let legacyError = await expectImportError(.unsupportedFormat) { try await run(legacy, "old.ppt") }
        #expect(legacyError?.message.contains(".ppt") == true)
    }

    @Test func doctypeInSlideIsRefused() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let xxe = """
        <?xml version="1.0"?><!DOCTYPE p:sld [<!ENTITY x SYSTEM "file:///etc/passwd">]>\
        <p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>&x;</p:spTree></p:cSld></p:sld>
        """
        var options = Fixtures.PPTXOptions()
        options.overrides = ["ppt/slides/slide1.xml": xxe]
        let pptx = Fixtures.pptx([.init(title: "A")], options: options, in: dir)
        let error = await expectImportError(.externalEntity) { try await run(pptx, "x.pptx") }
        #expect(error?.message.contains("document type declaration") == true)
        // The parser itself refuses too (billion laughs via internal subset, checked without the pre-scan).
        #expect(SafeXML.hasDoctype(Data("<?xml version=\"1.0\"?>\n<!doctype a []><a/>".utf8)))
    }

    /// A tree is released recursively: 100,000 nested elements overflowed the stack and took the server down.
    @Test func elementsNestedDeeperThanTheLimitAreMalformed() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.overrides = ["_rels/.rels": "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</Relationships>"]
        let pptx = Fixtures.pptx([.init(title: "A")], options: options, in: dir)
        let error = await expectImportError(.malformedXML) { try await run(pptx, "x.pptx") }
        #expect(error?.message.contains("_rels/.rels") == true)
        #expect(error?.message.contains("deeper than 256") == true)
    }

    @Test func malformedXMLNamesThePart() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.overrides = ["ppt/notesSlides/notesSlide1.xml": "<p:notes xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\"><p:cSld>"]
        let pptx = Fixtures.pptx([.init(title: "A", notesParagraphs: "<a:p/>")], options: options, in: dir)
        let error = await expectImportError(.malformedXML) { try await run(pptx, "x.pptx") }
        #expect(error?.message.contains("ppt/notesSlides/notesSlide1.xml") == true)
        options.overrides = ["ppt/presentation.xml": "<x:presentation><x:sldIdLst/></x:presentation>"]
        let undeclared = Fixtures.pptx([.init(title: "A")], options: options, name: "u.pptx", in: dir)
        await expectImportError(.malformedXML) { try await run(undeclared, "u.pptx") }
    }

    @Test func relationshipEscapingThePackage() async {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.overrides = ["ppt/_rels/presentation.xml.rels": """
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId101" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="../../../etc/passwd"/>\
        </Relationships>
        """]
        let pptx = Fixtures.pptx([.init(title: "A")], options: options, in: dir)
        let error = await expectImportError(.pathTraversal) { try await run(pptx, "x.pptx") }
        #expect(error?.message.contains("../../../etc/passwd") == true)
    }

    @Test func relationshipResolution() throws {
        #expect(try OPCPackage.resolve(target: "slides/slide1.xml", sourcePart: "ppt/presentation.xml", relsPart: "r") == "ppt/slides/slide1.xml")
        #expect(try OPCPackage.resolve(target: "../notesSlides/n%201.xml", sourcePart: "ppt/slides/slide1.xml", relsPart: "r") == "ppt/notesSlides/n 1.xml")
        #expect(try OPCPackage.resolve(target: "/ppt/slides/./slide2.xml", sourcePart: "ppt/presentation.xml", relsPart: "r") == "ppt/slides/slide2.xml")
        #expect(OPCPackage.relationshipsPart(for: "ppt/slides/slide1.xml") == "ppt/slides/_rels/slide1.xml.rels")
        #expect(OPCPackage.relationshipsPart(for: "") == "_rels/.rels")
        #expect(throws: DeckImportError.self) { try OPCPackage.resolve(target: "/../x", sourcePart: "ppt/p.xml", relsPart: "r") }
    }
}

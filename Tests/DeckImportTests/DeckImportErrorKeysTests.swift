import Foundation
import Testing
@testable import DeckImport

/// Every refusal the readers make has a catalogue key: the English catalogue, its `{name}` placeholders filled
/// with the error's values, says exactly what `message` says, and the Spanish one says it in its own words.
/// The errors are real: the readers are fed bad input (fake poppler and LibreOffice scripts stand in for the tools).
@Suite(.timeLimit(.minutes(5))) struct DeckImportErrorKeysTests {
    /// The web layer's catalogues, read from the sources (this library does not depend on them).
    static let catalogues: (english: [String: String], spanish: [String: String]) = {
        let locales = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Web/Resources/locales")
        func read(_ name: String) -> [String: String] {
            try! JSONDecoder().decode([String: String].self, from: Data(contentsOf: locales.appendingPathComponent(name)))
        }
        return (read("en.json"), read("es.json"))
    }()

    /// `{name}` placeholders filled as the catalogue does it (an unknown one stays as it is).
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        var result = "", rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += arguments[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case emptyFile, legacyPPT, encryptedPPTX, unsupported, damagedZIP
        case tooManyEntries, entryOutside, encryptedEntry, workFolder, unpacksTooLarge, zipBomb, damagedEntry
        case noPictures, tooManyPictures, unplayableVideo, notAPicture, damagedPicture
        case notPPTX, noSlides, tooManySlides, slidePartMissing, notASlide, relationshipOutside, partTooLarge, doctype, malformedXML
        case incompletePDF, encryptedPDF, noPages, damagedPDF, unreadablePageCount, tallPage, pdftotextFailed, pdftoppmFailed
        case toolTimeout, unstartableTool, unstartableToolWithoutPackage, libreOfficeFailed, libreOfficeExitStatus

        var testDescription: String { rawValue }
    }

    @Test(arguments: Case.allCases) func errorsSayTheirMessage(_ which: Case) async throws {
        let dir = Fixtures.temporaryDirectory("keys")
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try #require(await Self.error(which, in: dir), "no DeckImportError")
        let key = try #require(error.key, "no key for “\(error.message)”")
        let english = try #require(Self.catalogues.english[key], "\(key) is not in en.json")
        let spanish = try #require(Self.catalogues.spanish[key], "\(key) is not in es.json")
        #expect(Self.fill(english, error.arguments) == error.message)
        #expect(Self.fill(spanish, error.arguments) != error.message)
    }

    // MARK: Making the errors

    static func error(_ which: Case, in dir: URL) async -> DeckImportError? {
        do {
            try await provoke(which, in: dir)
            Issue.record("\(which) did not fail")
        } catch let error as DeckImportError {
            return error
        } catch {
            Issue.record("\(which) failed with \(error)")
        }
        return nil
    }

    private static func provoke(_ which: Case, in dir: URL) async throws {
        let png = Fixtures.png(width: 2, height: 2)
        func limits(_ change: (inout ImportLimits) -> Void) -> ImportLimits {
            var limits = ImportLimits()
            change(&limits)
            return limits
        }
        func detect(_ data: Data, _ name: String) throws {
            _ = try DeckFormat.detect(fileURL: Fixtures.write(data, name: name, in: dir), filename: name)
        }
        func zip(_ items: [Fixtures.ZipItem]) -> URL { Fixtures.zip(items, in: dir) }
        func archive(_ url: URL, _ limits: ImportLimits = ImportLimits()) throws -> SafeArchive { try SafeArchive(url: url, limits: limits) }
        func readPictures(_ url: URL, _ limits: ImportLimits = ImportLimits()) throws {
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            _ = try ZIPImagesReader(limits: limits).read(fileURL: url, into: work) { _, _ in }
        }
        func readPPTX(_ slides: [Fixtures.SlideSpec] = [.init(title: "A")], overrides: [String: String] = [:],
                      _ limits: ImportLimits = ImportLimits()) throws {
            var options = Fixtures.PPTXOptions()
            options.overrides = overrides
            let package = OPCPackage(archive: try archive(Fixtures.pptx(slides, options: options, in: dir), limits))
            _ = try PPTXReader(package: package, limits: limits).read { _, _ in }
        }
        /// A stand-in for a command-line tool: a shell script.
        func tool(_ body: String) -> String {
            let url = dir.appendingPathComponent("tool-\(UUID().uuidString)")
            try! Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
            try! FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url.path
        }
        func pdfReader(_ tools: ExternalTools) -> PDFReader { PDFReader(tools: tools, limits: ImportLimits(), renderWidth: 800) }
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["x"]), name: "a.pdf", in: dir)
        let pml = "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\""

        switch which {
        // Detection (keyed before): the catalogue still has to say the same.
        case .emptyFile: try detect(Data(), "e.pdf")
        case .legacyPPT: try detect(Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 600)), "old.ppt")
        case .encryptedPPTX:
            let name = Array("EncryptedPackage".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            try detect(Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 600) + name), "p.pptx")
        case .unsupported: try detect(Data("just notes\n".utf8), "notes.txt")
        case .damagedZIP: try detect(Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]), "cut.zip")

        // The archive.
        case .tooManyEntries:
            _ = try archive(zip((1...3).map { .init(path: "s\($0).png", data: png) }), limits { $0.maxEntries = 2 })
        case .entryOutside: _ = try archive(zip([.init(path: "../evil.png", data: png)]))
        case .encryptedEntry:
            let url = zip([.init(path: "a.png", data: png)])
            Fixtures.markEncrypted(url)
            _ = try archive(url)
        case .workFolder:
            let archive = try archive(zip([.init(path: "a.png", data: png)]))
            try archive.extract(archive.files[0], to: dir.appendingPathComponent("no-such-folder/a.png"))
        case .unpacksTooLarge:
            let url = Fixtures.zipOfZeros(path: "huge.png", size: 2 << 20, in: dir)
            let archive = try archive(url, limits { $0.maxUncompressedBytes = 1 << 20 })
            _ = try archive.data(archive.files[0])
        case .zipBomb:
            let archive = try archive(Fixtures.zipOfZeros(path: "huge.png", size: 8 << 20, in: dir))
            _ = try archive.data(archive.files[0])
        case .damagedEntry:
            // The first byte of the deflated data says "reserved block type", which no inflater accepts.
            let url = zip([.init(path: "a.png", data: Data(String(repeating: "some text ", count: 200).utf8))])
            var bytes = [UInt8](try Data(contentsOf: url))
            bytes[30 + Int(bytes[26]) + Int(bytes[27]) << 8 + Int(bytes[28]) + Int(bytes[29]) << 8] = 0xFF
            try Data(bytes).write(to: url)
            let archive = try archive(url)
            _ = try archive.data(archive.files[0])

        // A ZIP of pictures.
        case .noPictures: try readPictures(zip([.init(path: "a.txt", data: Data("x".utf8))]))
        case .tooManyPictures: try readPictures(zip((1...3).map { .init(path: "s\($0).png", data: png) }), limits { $0.maxSlides = 2 })
        case .unplayableVideo: try readPictures(zip([.init(path: "clip.mp4", data: Data("not a video at all".utf8))]))
        case .notAPicture: try readPictures(zip([.init(path: "fake.jpeg", data: Data("hello".utf8))]))
        case .damagedPicture: try readPictures(zip([.init(path: "cut.png", data: Fixtures.png(width: 30, height: 30).prefix(200))]))

        // PowerPoint.
        case .notPPTX: try readPPTX(overrides: ["ppt/presentation.xml": "<x/>"])
        case .noSlides: try readPPTX([])
        case .tooManySlides: try readPPTX([.init(title: "A"), .init(title: "B")], limits { $0.maxSlides = 1 })
        case .slidePartMissing:
            try readPPTX(overrides: ["ppt/_rels/presentation.xml.rels":
                "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"/>"])
        case .notASlide: try readPPTX(overrides: ["ppt/slides/slide1.xml": "<x/>"])
        case .relationshipOutside:
            try readPPTX(overrides: ["ppt/_rels/presentation.xml.rels": """
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
            <Relationship Id="rId101" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="../../../etc/passwd"/>\
            </Relationships>
            """])
        case .partTooLarge:
            let package = OPCPackage(archive: try archive(Fixtures.pptx([.init(title: "A")], in: dir)), maxXMLPartBytes: 0)
            _ = try package.xml("ppt/presentation.xml")
        case .doctype:
            try readPPTX(overrides: ["ppt/slides/slide1.xml": "<?xml version=\"1.0\"?><!DOCTYPE p:sld [<!ENTITY x \"y\">]><p:sld \(pml)/>"])
        case .malformedXML: try readPPTX(overrides: ["ppt/slides/slide1.xml": "<p:sld \(pml)><p:cSld>"])

        // PDF, with scripts in poppler's place.
        case .incompletePDF: try PDFReader.checkComplete(Fixtures.write(Data("%PDF-1.4\n1 0 obj".utf8), name: "cut.pdf", in: dir))
        case .encryptedPDF:
            _ = try await pdfReader(ExternalTools(pdfinfo: tool("echo 'Command Line Error: Incorrect password' >&2; exit 1"))).info(pdf)
        case .noPages: _ = try await pdfReader(ExternalTools(pdfinfo: tool("echo 'Invalid page count 0' >&2; exit 99"))).info(pdf)
        case .damagedPDF:
            _ = try await pdfReader(ExternalTools(pdfinfo: tool("echo \"Syntax Error: Couldn't read xref table\" >&2; exit 1"))).info(pdf)
        case .unreadablePageCount: _ = try await pdfReader(ExternalTools(pdfinfo: tool("echo 'Title: x'"))).info(pdf)
        case .tallPage:
            try pdfReader(ExternalTools()).checkPictureSizes(.init(pages: 1, title: nil, encrypted: false, pageSizes: [1: (10, 5000)]))
        case .pdftotextFailed:
            _ = try await pdfReader(ExternalTools(pdftotext: tool("echo 'I/O Error: bad file' >&2; exit 2"))).pageTexts(pdf, pages: 1)
        case .pdftoppmFailed:
            _ = try await pdfReader(ExternalTools(pdftoppm: tool("echo 'Syntax Error: broken page' >&2; exit 1")))
                .render(pdf, pages: 1, into: dir.appendingPathComponent("pages")) { _ in }

        // Running tools.
        case .toolTimeout: _ = try await ToolRunner.run("/bin/sh", ["-c", "sleep 30"], name: "slowtool", timeout: 1)
        case .unstartableTool:
            _ = try await ToolRunner.run(dir.appendingPathComponent("pdfinfo").path, [], name: "pdfinfo", package: "poppler-utils", timeout: 5)
        case .unstartableToolWithoutPackage: _ = try await ToolRunner.run(dir.appendingPathComponent("tool").path, [], name: "tool", timeout: 5)
        case .libreOfficeFailed:
            _ = try await LibreOfficeConverter(soffice: tool("echo 'Error: source file could not be loaded' >&2; exit 1"))
                .convert(pdf, slides: 1, into: dir.appendingPathComponent("lo")) { _ in }
        case .libreOfficeExitStatus:
            _ = try await LibreOfficeConverter(soffice: tool("exit 3")).convert(pdf, slides: 1, into: dir.appendingPathComponent("lo")) { _ in }
        }
    }
}

import Foundation
import Testing
import TestSupport
@testable import DeckImport

let systemTools = ExternalTools.discover()
let hasPoppler = systemTools.pdftoppm != nil && systemTools.pdfinfo != nil && systemTools.pdftotext != nil
let hasLibreOffice = hasPoppler && systemTools.soffice != nil

@Suite(.timeLimit(.minutes(5))) struct PDFImportTests {
    @Test(.enabled(if: RequiredTools.runs(hasPoppler))) func pagesTextAndTitle() async throws {
        let dir = Fixtures.temporaryDirectory("pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["Hello first page", "", "Third (page) here"], title: "Board Meeting"),
                                 name: "board.pdf", in: dir)
        let stages = StageLog()
        let deck = try await DeckImporter(tools: systemTools, renderWidth: 800)
            .importDeck(fileURL: pdf, filename: "board.pdf", workDirectory: dir.appendingPathComponent("w")) { stages.add($0) }
        #expect(deck.title == "Board Meeting")
        #expect(deck.slides.count == 3)
        #expect(deck.slides.map(\.notes) == ["Hello first page", "", "Third (page) here"])
        #expect(deck.slides.map(\.width) == [800, 800, 800])
        #expect(deck.slides.map(\.height) == [600, 600, 600])
        #expect(deck.slides.allSatisfy { $0.imageType == "png" && FileManager.default.fileExists(atPath: $0.imageFile!.path) })
        #expect(stages.values.contains { $0.stage == .renderingPictures })
        #expect(stages.values.last?.fraction == 1)
        #expect(zip(stages.values, stages.values.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
    }

    @Test(.enabled(if: RequiredTools.runs(hasPoppler))) func titleFallsBackToFileName() async throws {
        let dir = Fixtures.temporaryDirectory("pdf2")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["x"]), name: "upload", in: dir)
        let deck = try await DeckImporter(tools: systemTools, renderWidth: 200)
            .importDeck(fileURL: pdf, filename: "Weekly sync.pdf", workDirectory: dir.appendingPathComponent("w"))
        #expect(deck.title == "Weekly sync")
    }

    @Test(.enabled(if: RequiredTools.runs(hasPoppler))) func truncatedAndNoPages() async {
        let dir = Fixtures.temporaryDirectory("pdf3")
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = Fixtures.pdf(pages: ["one", "two"])
        let cut = Fixtures.write(full.prefix(full.count / 2), name: "cut.pdf", in: dir)
        await expectImportError(.corrupt) {
            _ = try await DeckImporter(tools: systemTools).importDeck(fileURL: cut, filename: "cut.pdf", workDirectory: dir.appendingPathComponent("w"))
        }
        let garbage = Fixtures.write(Data("%PDF-1.4\nthis is not really a pdf\n%%EOF\n".utf8), name: "g.pdf", in: dir)
        await expectImportError(.corrupt) {
            _ = try await DeckImporter(tools: systemTools).importDeck(fileURL: garbage, filename: "g.pdf", workDirectory: dir.appendingPathComponent("w"))
        }
        let none = Fixtures.write(Fixtures.pdf(pages: []), name: "none.pdf", in: dir)
        let error = await expectImportError(.empty) {
            _ = try await DeckImporter(tools: systemTools).importDeck(fileURL: none, filename: "none.pdf", workDirectory: dir.appendingPathComponent("w"))
        }
        #expect(error?.message == "The PDF has no pages.")
    }

    @Test(.enabled(if: RequiredTools.runs(hasPoppler))) func tallPageRefusedBeforeRendering() async {
        let dir = Fixtures.temporaryDirectory("tall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["x"], mediaBox: "0 0 10 5000"), name: "tall.pdf", in: dir)
        let work = dir.appendingPathComponent("w")
        let error = await expectImportError(.tooLarge) {
            _ = try await DeckImporter(tools: systemTools).importDeck(fileURL: pdf, filename: "tall.pdf", workDirectory: work)
        }
        #expect(error?.message.contains("Page 1") == true)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("pages").path))
    }

    @Test func missingPopplerNamesThePackage() async {
        let dir = Fixtures.temporaryDirectory("pdf4")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["x"]), name: "a.pdf", in: dir)
        let error = await expectImportError(.toolMissing) {
            _ = try await DeckImporter(tools: ExternalTools()).importDeck(fileURL: pdf, filename: "a.pdf", workDirectory: dir.appendingPathComponent("w"))
        }
        #expect(error?.message.contains("poppler-utils") == true)
    }

    @Test func discoverUsesPath() throws {
        let dir = Fixtures.temporaryDirectory("path")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tool = dir.appendingPathComponent("pdfinfo")
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        let found = ExternalTools.discover(environment: ["PATH": dir.path])
        #expect(found.pdfinfo == tool.path)
        #expect(found.soffice == nil && found.pdftoppm == nil)
    }
}

final class StageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ImportProgress] = []
    func add(_ p: ImportProgress) { lock.withLock { items.append(p) } }
    var values: [ImportProgress] { lock.withLock { items } }
}

@Suite(.timeLimit(.minutes(5))) struct ToolRunnerTests {
    @Test func capturesLargeOutputWithoutDeadlock() async throws {
        // 4 MiB on stdout and 1 MiB on stderr: far more than a pipe buffer holds. Of stderr only the end is kept
        // (for the error message), but all of it is read, or the tool would block and never exit with its 3.
        let result = try await ToolRunner.run("/bin/sh", ["-c", "head -c 4194304 /dev/zero; head -c 1048576 /dev/zero | tr '\\0' 'e' >&2; exit 3"],
                                              name: "sh", timeout: 60)
        #expect(result.stdout.count == 4 << 20)
        #expect(result.stderr.utf8.count == 64 << 10)
        #expect(result.stderr.allSatisfy { $0 == "e" })
        #expect(result.status == 3)
    }

    @Test func timeoutStopsTheTool() async {
        let error = await expectImportError(.toolFailed) {
            _ = try await ToolRunner.run("/bin/sh", ["-c", "sleep 30"], name: "slowtool", timeout: 1)
        }
        #expect(error?.message.contains("slowtool") == true)
    }

    @Test func unstartableTool() async {
        await expectImportError(.toolMissing) {
            _ = try await ToolRunner.run("/nonexistent/tool", [], name: "tool", timeout: 5)
        }
    }
}

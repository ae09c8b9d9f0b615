import Foundation
import Testing
import TestSupport
@testable import DeckImport

/// Page → slide mapping after conversion, with a stand-in `soffice` that writes a PDF of a chosen
/// page count (fast, and lets us provoke the mismatches real LibreOffice versions can produce).
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(hasPoppler))) struct PictureMappingTests {
    private func fakeSoffice(pages: Int?, exitCode: Int = 0, in dir: URL) throws -> String {
        var body = "#!/bin/sh\n"
        if let pages {
            let pdf = Fixtures.write(Fixtures.pdf(pages: (1...max(pages, 1)).map { "Page \($0)" }), name: "canned.pdf", in: dir)
            body += """
            out=""
            while [ $# -gt 0 ]; do
              if [ "$1" = "--outdir" ]; then out="$2"; fi
              shift
            done
            cp "\(pdf.path)" "$out/deck.pdf"

            """
        }
        body += "echo 'simulated LibreOffice message' >&2\nexit \(exitCode)\n"
        let script = dir.appendingPathComponent("soffice")
        try Data(body.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    private func importFixture(pages: Int?, exitCode: Int = 0) async throws -> ImportedDeck {
        let dir = Fixtures.temporaryDirectory("map")
        defer { try? FileManager.default.removeItem(at: dir) }
        var tools = systemTools
        tools.soffice = try fakeSoffice(pages: pages, exitCode: exitCode, in: dir)
        let pptx = Fixtures.pptx(PPTXImportTests.specs, in: dir) // 4 slides, 2 hidden
        return try await DeckImporter(tools: tools, renderWidth: 200)
            .importDeck(fileURL: pptx, filename: "m.pptx", workDirectory: dir.appendingPathComponent("w"))
    }

    @Test func onePagePerSlide() async throws {
        let deck = try await importFixture(pages: 4)
        #expect(deck.warnings.isEmpty)
        #expect(deck.slides.allSatisfy { $0.imageFile != nil })
    }

    @Test func hiddenSlidesLeftOutAreSkipped() async throws {
        let deck = try await importFixture(pages: 2)
        #expect(deck.slides.map { $0.imageFile != nil } == [true, false, true, false])
        #expect(deck.warnings.count == 1 && deck.warnings[0].message.contains("hidden"))
    }

    @Test func otherMismatchKeepsNotesWithoutPictures() async throws {
        let deck = try await importFixture(pages: 3)
        #expect(deck.slides.allSatisfy { $0.imageFile == nil })
        #expect(deck.slides[0].notes == PPTXImportTests.expectedNotes)
        #expect(deck.warnings.count == 1 && deck.warnings[0].message.contains("3 pages for 4 slides"))
    }

    @Test func failingLibreOffice() async {
        let error = await expectImportError(.toolFailed) { _ = try await importFixture(pages: nil, exitCode: 1) }
        #expect(error?.message.contains("simulated LibreOffice message") == true)
        // Exit status 0 without a PDF (what soffice does when it cannot load a file) is a failure too.
        await expectImportError(.toolFailed) { _ = try await importFixture(pages: nil, exitCode: 0) }
    }

    @Test func missingPopplerForPPTXIsAWarning() async throws {
        let dir = Fixtures.temporaryDirectory("nopoppler")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pptx = Fixtures.pptx(PPTXImportTests.specs, in: dir)
        let deck = try await DeckImporter(tools: ExternalTools(soffice: "/usr/bin/soffice"))
            .importDeck(fileURL: pptx, filename: "m.pptx", workDirectory: dir.appendingPathComponent("w"))
        #expect(deck.warnings.first?.message.contains("poppler-utils") == true)
        #expect(deck.slides.count == 4)
    }
}

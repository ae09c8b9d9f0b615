import Foundation
import Testing
import TestSupport
@testable import DeckImport

/// Real LibreOffice runs (slow: a few seconds each). Serialized so the 2-core machine is not oversubscribed.
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: RequiredTools.runs(hasLibreOffice))) struct LibreOfficeTests {
    @Test func pptxPicturesIncludingHiddenSlides() async throws {
        let dir = Fixtures.temporaryDirectory("lo")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.reverseFileNumbering = true
        options.absoluteTargetSlide = 0
        options.deckTitle = "Rendered"
        let pptx = Fixtures.pptx(PPTXImportTests.specs, options: options, in: dir)
        let stages = StageLog()
        let work = dir.appendingPathComponent("work")
        let deck = try await DeckImporter(tools: systemTools, renderWidth: 640)
            .importDeck(fileURL: pptx, filename: "r.pptx", workDirectory: work) { stages.add($0) }
        #expect(deck.warnings.isEmpty, "\(deck.warnings)")
        #expect(deck.slides.count == 4)
        #expect(deck.slides.map(\.hidden) == [false, true, false, true])
        #expect(deck.slides[0].notes == PPTXImportTests.expectedNotes)
        #expect(deck.slides.allSatisfy { $0.imageType == "png" && $0.width == 640 && $0.height == 480 })
        let files = deck.slides.compactMap(\.imageFile)
        #expect(files.count == 4 && Set(files).count == 4)
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(stages.values.contains { $0.stage == .converting })
        #expect(stages.values.contains { $0.stage == .renderingPictures })
        // Intermediate files (input copy, PDF) are cleaned up; only pictures remain.
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("libreoffice").path))
        // The pictures differ (slide titles differ), i.e. pages were not duplicated.
        let hashes = try Set(files.map { try Data(contentsOf: $0) })
        #expect(hashes.count == 4)
    }

    /// Documents the LibreOffice behaviour the importer relies on: without ExportHiddenSlides the PDF
    /// lacks hidden slides; with the JSON filter option it has them all.
    @Test func libreOfficeHiddenSlideExport() async throws {
        let dir = Fixtures.temporaryDirectory("lohidden")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pptx = Fixtures.pptx(PPTXImportTests.specs, in: dir)
        let reader = PDFReader(tools: systemTools, limits: ImportLimits(), renderWidth: 100)
        let with = try await LibreOfficeConverter(soffice: systemTools.soffice!)
            .convert(pptx, slides: 4, into: dir.appendingPathComponent("with")) { _ in }
        #expect(try await reader.info(with).pages == 4)
        let plain = try await convertPlain(pptx, into: dir.appendingPathComponent("plain"))
        let plainPages = try await reader.info(plain).pages
        print("LibreOffice hidden-slide export: default filter → \(plainPages) pages; ExportHiddenSlides → 4 pages (4 slides, 2 hidden)")
        #expect(plainPages == 2)
    }

    private func convertPlain(_ pptx: URL, into dir: URL) async throws -> URL {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("deckimport-lo-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = profile.path
        let result = try await ToolRunner.run(systemTools.soffice!,
            ["--headless", "--norestore", "-env:UserInstallation=\(profile.absoluteString)", "--convert-to", "pdf",
             "--outdir", dir.path, pptx.path], name: "LibreOffice", environment: env, timeout: 300)
        #expect(result.status == 0)
        return dir.appendingPathComponent(pptx.deletingPathExtension().lastPathComponent + ".pdf")
    }

    /// PDFs protected with a password, made by LibreOffice's PDF export.
    @Test func passwordProtectedPDFs() async throws {
        let dir = Fixtures.temporaryDirectory("lopw")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pptx = Fixtures.pptx([.init(title: "Secret one"), .init(title: "Secret two")], in: dir)
        let userPassword = try await exportPDF(pptx, options: #"{"EncryptFile":{"type":"boolean","value":"true"},"DocumentOpenPassword":{"type":"string","value":"open-sesame"}}"#, name: "user", in: dir)
        let error = await expectImportError(.encrypted) {
            _ = try await DeckImporter(tools: systemTools).importDeck(fileURL: userPassword, filename: "u.pdf", workDirectory: dir.appendingPathComponent("w1"))
        }
        #expect(error?.message.contains("remove the password and import again") == true)

        let ownerOnly = try await exportPDF(pptx, options: #"{"RestrictPermissions":{"type":"boolean","value":"true"},"PermissionPassword":{"type":"string","value":"owner"},"Printing":{"type":"long","value":"0"},"EnableCopyingOfContent":{"type":"boolean","value":"false"}}"#, name: "owner", in: dir)
        let info = try await PDFReader(tools: systemTools, limits: ImportLimits(), renderWidth: 100).info(ownerOnly)
        print("owner-password PDF: pdfinfo Encrypted=\(info.encrypted), pages=\(info.pages)")
        let deck = try await DeckImporter(tools: systemTools, renderWidth: 320)
            .importDeck(fileURL: ownerOnly, filename: "o.pdf", workDirectory: dir.appendingPathComponent("w2"))
        #expect(deck.slides.count == 2)
        #expect(deck.slides[0].notes.contains("Secret one"))
        #expect(deck.slides.allSatisfy { $0.imageFile != nil })
    }

    private func exportPDF(_ pptx: URL, options: String, name: String, in dir: URL) async throws -> URL {
        let out = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("deckimport-lo-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = profile.path
        let result = try await ToolRunner.run(systemTools.soffice!,
            ["--headless", "--norestore", "-env:UserInstallation=\(profile.absoluteString)",
             "--convert-to", "pdf:impress_pdf_Export:\(options)", "--outdir", out.path, pptx.path],
            name: "LibreOffice", environment: env, timeout: 300)
        #expect(result.status == 0)
        return out.appendingPathComponent(pptx.deletingPathExtension().lastPathComponent + ".pdf")
    }

    /// Timing for a 30-slide deck through LibreOffice + pdftoppm at the default 1600 px width.
    @Test func timingThirtySlides() async throws {
        let dir = Fixtures.temporaryDirectory("lotime")
        defer { try? FileManager.default.removeItem(at: dir) }
        let specs = (1...30).map { Fixtures.SlideSpec(title: "Slide number \($0)", body: "Body text for slide \($0)",
                                                      notesParagraphs: "<a:p><a:r><a:t>Notes \($0)</a:t></a:r></a:p>",
                                                      hidden: $0 % 10 == 0) }
        let pptx = Fixtures.pptx(specs, in: dir)
        let clock = ContinuousClock()
        var deck: ImportedDeck?
        let elapsed = try await clock.measure {
            deck = try await DeckImporter(tools: systemTools)
                .importDeck(fileURL: pptx, filename: "t.pptx", workDirectory: dir.appendingPathComponent("w"))
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "TIMING: 30-slide PPTX via LibreOffice + pdftoppm (1600 px): %.2f s total, %.3f s per slide", seconds, seconds / 30))
        #expect(deck?.slides.count == 30)
        #expect(deck?.slides.allSatisfy { $0.imageFile != nil && $0.width == 1600 } == true)
        #expect(deck?.slides[9].hidden == true)
        #expect(deck?.slides[4].notes == "Notes 5")
    }

    /// Cancelling during the LibreOffice conversion kills soffice and its children.
    @Test func cancelDuringLibreOffice() async throws {
        let dir = Fixtures.temporaryDirectory("locancel")
        defer { try? FileManager.default.removeItem(at: dir) }
        let specs = (1...150).map { Fixtures.SlideSpec(title: "Slide \($0)") }
        let pptx = Fixtures.pptx(specs, in: dir)
        let sawConversion = StageLog()
        let task = Task {
            try await DeckImporter(tools: systemTools).importDeck(fileURL: pptx, filename: "c.pptx",
                                                                  workDirectory: dir.appendingPathComponent("w")) { sawConversion.add($0) }
        }
        // Wait until soffice.bin (not just the shell wrapper) is running for this deck.
        var before: [Int32] = []
        for _ in 0..<500 {
            before = sofficeProcesses(containing: dir.lastPathComponent)
            if before.count >= 2 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(sawConversion.values.contains { $0.stage == .converting })
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("not cancelled"); return }
        #expect((error as? DeckImportError)?.kind == .cancelled)
        print("cancel: LibreOffice processes before cancel: \(before)")
        #expect(!before.isEmpty, "LibreOffice should have been running")
        // The process group is asked to stop, then killed 2 s later: give the teardown that long to finish (as
        // CancellationTests does), on a machine that may be busy.
        for _ in 0..<400 where before.contains(where: isRunning) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(before.allSatisfy { !isRunning($0) }, "left running: \(before.filter(isRunning))")
    }

    private func sofficeProcesses(containing needle: String) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard let cmd = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            let text = String(decoding: cmd, as: UTF8.self)
            return (text.contains("soffice") || text.contains("oosplash")) && text.contains(needle)
        }
    }
}

@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: RequiredTools.runs(hasLibreOffice))) struct LibreOfficeRealWorldTests {
    /// LibreOffice re-saves our fixture as PPTX in its own dialect (different prefixes, ids, part layout);
    /// the reader must still find order, titles, hidden flags and notes text.
    @Test func pptxWrittenByLibreOffice() async throws {
        let dir = Fixtures.temporaryDirectory("lodialect")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Fixtures.PPTXOptions()
        options.reverseFileNumbering = true
        let source = Fixtures.pptx(PPTXImportTests.specs, options: options, name: "source.pptx", in: dir)
        let out = dir.appendingPathComponent("resaved")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("deckimport-lo-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = profile.path
        let result = try await ToolRunner.run(systemTools.soffice!,
            ["--headless", "--norestore", "-env:UserInstallation=\(profile.absoluteString)",
             "--convert-to", "pptx:Impress MS PowerPoint 2007 XML", "--outdir", out.path, source.path],
            name: "LibreOffice", environment: env, timeout: 300)
        #expect(result.status == 0)
        let resaved = out.appendingPathComponent("source.pptx")
        let deck = try await DeckImporter(tools: systemTools, renderWidth: 320)
            .importDeck(fileURL: resaved, filename: "resaved.pptx", workDirectory: dir.appendingPathComponent("w"))
        print("LibreOffice-written PPTX notes of slide 1: \(deck.slides.first?.notes.debugDescription ?? "-")")
        #expect(deck.slides.map(\.title) == ["First", "Second", nil, "Fourth"])
        #expect(deck.slides.map(\.hidden) == [false, true, false, true])
        #expect(deck.slides[1].notes == "Only notes")
        let lines = deck.slides[0].notes.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\t• ")) }
        #expect(lines.starts(with: ["Intro line", "Bullet at level one", "Deep", "second line"]))
        #expect(lines.count > 4 && lines[4].hasPrefix("Page 1"))
        // LibreOffice keeps lvl and the bullet on bulleted paragraphs (it drops lvl on plain ones).
        #expect(deck.slides[0].notes.contains("\t• Bullet at level one"))
        #expect(deck.slides.allSatisfy { $0.imageFile != nil }, "\(deck.warnings)")
    }

    /// Two imports at once must not clash over LibreOffice's profile lock.
    @Test func concurrentConversions() async throws {
        let dir = Fixtures.temporaryDirectory("loconc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Fixtures.pptx((1...5).map { .init(title: "A\($0)") }, name: "a.pptx", in: dir)
        let b = Fixtures.pptx((1...6).map { .init(title: "B\($0)") }, name: "b.pptx", in: dir)
        let importer = DeckImporter(tools: systemTools, renderWidth: 320)
        async let deckA = importer.importDeck(fileURL: a, filename: "a.pptx", workDirectory: dir.appendingPathComponent("wa"))
        async let deckB = importer.importDeck(fileURL: b, filename: "b.pptx", workDirectory: dir.appendingPathComponent("wb"))
        let (ra, rb) = try await (deckA, deckB)
        #expect(ra.slides.count == 5 && rb.slides.count == 6)
        #expect((ra.slides + rb.slides).allSatisfy { $0.imageFile != nil })
        #expect(ra.warnings.isEmpty && rb.warnings.isEmpty)
    }
}

import Foundation
import ToolProcess

/// Converts a presentation to PDF with LibreOffice in headless mode.
struct LibreOfficeConverter {
    static let package = "libreoffice-impress"

    /// impress_pdf_Export leaves hidden slides out unless told otherwise; LibreOffice ≥ 7.4 accepts
    /// filter options as JSON after the filter name.
    static let filter = #"pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}"#

    let soffice: String

    /// Returns the PDF written into `directory`. Each run gets a private user profile (and HOME) so
    /// concurrent imports do not fight over LibreOffice's single-instance lock.
    func convert(_ input: URL, slides: Int, into directory: URL, tick: @escaping @Sendable (TimeInterval) -> Void) async throws -> URL {
        let fm = FileManager.default
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        // LibreOffice names the output after the input, and detects the type partly from the extension.
        let source = directory.appendingPathComponent("deck.pptx")
        try? fm.removeItem(at: source)
        try fm.copyItem(at: input, to: source)
        defer { try? fm.removeItem(at: source) }
        let output = directory.appendingPathComponent("deck.pdf")
        let started = Date()
        var result = try await run(source, into: directory, slides: slides) { tick(Date().timeIntervalSince(started)) }
        // LibreOffice now and then crashes while it starts with a fresh profile (seen on new machines with
        // several conversions starting at once); that says nothing about the deck, so try once more.
        if !fm.fileExists(atPath: output.path), result.looksLikeLibreOfficeCrash {
            result = try await run(source, into: directory, slides: slides) { tick(Date().timeIntervalSince(started)) }
        }
        // soffice often exits 0 after failing ("Error: source file could not be loaded"), so check the file too.
        guard result.status == 0, fm.fileExists(atPath: output.path) else {
            let detail = [result.stderrTail(), String(decoding: result.stdout.suffix(500), as: UTF8.self)]
                .joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            if detail.isEmpty {
                throw DeckImportError(.toolFailed, "LibreOffice could not convert the presentation to pictures (exit status \(result.status)).",
                                      key: "stage.error.import.libreoffice_exit_status", ["status": String(result.status)])
            }
            throw DeckImportError(.toolFailed, "LibreOffice could not convert the presentation to pictures (\(detail)).",
                                  key: "stage.error.import.libreoffice_failed", ["detail": detail])
        }
        return output
    }

    /// One LibreOffice run with a private user profile (and HOME), removed afterwards.
    private func run(_ source: URL, into directory: URL, slides: Int, tick: @escaping @Sendable () -> Void) async throws -> ToolOutput {
        let fm = FileManager.default
        let profile = fm.temporaryDirectory.appendingPathComponent("deckimport-lo-\(UUID().uuidString)")
        try fm.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: profile) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        environment.removeValue(forKey: "DISPLAY")
        return try await ToolRunner.run(
            soffice,
            ["--headless", "--invisible", "--nologo", "--norestore", "--nolockcheck", "--nodefault",
             "-env:UserInstallation=\(profile.absoluteURL.absoluteString)",
             "--convert-to", Self.filter, "--outdir", directory.path, source.path],
            name: "LibreOffice", package: Self.package, environment: environment,
            timeout: 600 + 3 * Double(slides), tick: tick)
    }
}

extension ToolOutput {
    /// Killed by a signal, or LibreOffice's crash handler printed a backtrace (it then exits with a plain status).
    var looksLikeLibreOfficeCrash: Bool {
        status > 128 || stderr.contains("soffice_main") || stderr.contains("libmergedlo.so")
    }
}

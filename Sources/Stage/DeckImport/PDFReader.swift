import Foundation
import ToolProcess

/// PDF handling through poppler's command-line tools: page count and title (pdfinfo),
/// page text for notes (pdftotext), page pictures (pdftoppm).
struct PDFReader {
    struct Info: Sendable, Equatable {
        var pages: Int
        var title: String?
        var encrypted: Bool
        /// Displayed page sizes in points (rotation applied), for the pages pdfinfo listed.
        var pageSizes: [Int: (width: Double, height: Double)] = [:]

        static func == (lhs: Info, rhs: Info) -> Bool {
            lhs.pages == rhs.pages && lhs.title == rhs.title && lhs.encrypted == rhs.encrypted
        }
    }

    let tools: ExternalTools
    let limits: ImportLimits
    let renderWidth: Int

    static let popplerPackage = "poppler-utils"

    private func tool(_ path: String?, _ name: String) throws -> String {
        guard let path else { throw DeckImportError.toolMissing(name, package: Self.popplerPackage) }
        return path
    }

    /// A PDF ends with "%%EOF" in its last 1024 bytes; without it the upload was most likely cut short,
    /// and poppler would silently reconstruct whatever pages survived.
    static func checkComplete(_ file: URL) throws {
        let tail = try FileBytes.tail(of: file, count: 1024)
        if FileBytes.range(of: Array("%%EOF".utf8), in: tail) == nil {
            throw DeckImportError(.corrupt, "The PDF is incomplete (it does not end properly); upload it again or export it again.",
                                  key: "stage.error.import.pdf_incomplete")
        }
    }

    func info(_ file: URL) async throws -> Info {
        let result = try await ToolRunner.run(try tool(tools.pdfinfo, "pdfinfo"), ["-enc", "UTF-8", "-f", "1", "-l", String(max(1, limits.maxSlides)), file.path],
                                              name: "pdfinfo", package: Self.popplerPackage, timeout: 120)
        if result.status != 0 {
            // poppler reports a missing user password as "Incorrect password" (exit status 1).
            if result.stderr.lowercased().contains("password") {
                throw DeckImportError(.encrypted,
                    "The PDF is protected with a password; remove the password and import again.", key: "stage.error.import.pdf_encrypted")
            }
            // poppler refuses a page tree with /Count 0 ("Invalid page count 0", exit status 99).
            if result.stderr.contains("Invalid page count 0") {
                throw DeckImportError(.empty, "The PDF has no pages.", key: "stage.error.import.no_pages")
            }
            let detail = result.stderrTail()
            throw DeckImportError(.corrupt, "The PDF is damaged and cannot be read (\(detail)); export it again and re-import.",
                                  key: "stage.error.import.pdf_damaged", ["detail": detail])
        }
        var fields: [String: String] = [:]
        var sizes: [Int: (width: Double, height: Double)] = [:]
        var rotations: [Int: Int] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            // Per-page lines: "Page    2 size:  612 x 792 pts (letter)" and "Page    2 rot:   90".
            let words = line.split(separator: " ")
            if words.count >= 4, words[0] == "Page", let page = Int(words[1]) {
                if words[2] == "size:", words.count >= 6, let w = Double(words[3]), words[4] == "x", let h = Double(words[5]) {
                    sizes[page] = (w, h)
                } else if words[2] == "rot:", let rotation = Int(words[3]) {
                    rotations[page] = rotation
                }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            if fields[key] == nil {
                fields[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        guard let pages = fields["Pages"].flatMap({ Int($0) }) else {
            throw DeckImportError(.corrupt, "The PDF is damaged (its page count cannot be read); export it again and re-import.",
                                  key: "stage.error.import.pdf_page_count_unreadable")
        }
        let title = fields["Title"].flatMap { $0.isEmpty ? nil : $0 }
        for (page, rotation) in rotations where rotation % 180 != 0 {
            if let size = sizes[page] { sizes[page] = (size.height, size.width) }
        }
        return Info(pages: pages, title: title, encrypted: fields["Encrypted"]?.hasPrefix("yes") ?? false, pageSizes: sizes)
    }

    /// Refuses pages whose picture at `renderWidth` would exceed the pixel limit (a very tall page),
    /// before pdftoppm spends memory and time rendering them.
    func checkPictureSizes(_ info: Info) throws {
        for (page, size) in info.pageSizes.sorted(by: { $0.key < $1.key }) where size.width > 0 {
            let height = Double(renderWidth) * size.height / size.width
            if Double(renderWidth) * height > Double(limits.maxImagePixels) {
                throw DeckImportError(.tooLarge,
                    "Page \(page) of the PDF is too tall to turn into a slide picture (\(renderWidth)×\(Int(height)) pixels); use normal slide-sized pages.",
                    key: "stage.error.import.pdf_page_too_tall", ["page": String(page), "width": String(renderWidth), "height": String(Int(height))])
            }
        }
    }

    /// Text per page: pdftotext ends every page with a form feed.
    func pageTexts(_ file: URL, pages: Int) async throws -> [String] {
        let result = try await ToolRunner.run(try tool(tools.pdftotext, "pdftotext"),
                                              ["-enc", "UTF-8", "-q", file.path, "-"],
                                              name: "pdftotext", package: Self.popplerPackage, timeout: 120 + Double(pages))
        if result.status != 0 {
            let detail = result.stderrTail()
            throw DeckImportError(.toolFailed, "pdftotext could not read the PDF's text: \(detail)",
                                  key: "stage.error.import.pdftotext_failed", ["detail": detail])
        }
        let chunks = String(decoding: result.stdout, as: UTF8.self).components(separatedBy: "\u{0C}")
        return (0..<pages).map { index in
            index < chunks.count ? chunks[index].trimmingCharacters(in: .whitespacesAndNewlines) : ""
        }
    }

    /// Renders every page in one pdftoppm call; progress comes from watching the PNG files appear.
    func render(_ file: URL, pages: Int, into directory: URL,
                progress: @escaping @Sendable (Int) -> Void) async throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let prefix = directory.appendingPathComponent("page")
        let listPNGs: @Sendable () -> [String] = {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".png") }
        }
        let result = try await ToolRunner.run(
            try tool(tools.pdftoppm, "pdftoppm"),
            ["-png", "-scale-to-x", String(renderWidth), "-scale-to-y", "-1", file.path, prefix.path],
            name: "pdftoppm", package: Self.popplerPackage, timeout: 600 + 5 * Double(pages),
            tick: { progress(listPNGs().count) })
        if result.status != 0 {
            let detail = result.stderrTail()
            throw DeckImportError(.toolFailed, "pdftoppm could not render the PDF: \(detail)",
                                  key: "stage.error.import.pdftoppm_failed", ["detail": detail])
        }
        // Files are "page-1.png" … "page-12.png" (zero-padded to the widest number); order by page number.
        let files = listPNGs().compactMap { name -> (Int, URL)? in
            guard let dash = name.lastIndex(of: "-"), let number = Int(name[name.index(after: dash)...].dropLast(4)) else {
                return nil
            }
            return (number, directory.appendingPathComponent(name))
        }.sorted { $0.0 < $1.0 }
        progress(files.count)
        return files.map(\.1)
    }
}

import Foundation

/// Entry point: detects the format and imports pictures, titles and notes into a work directory.
public struct DeckImporter: Sendable {
    public var tools: ExternalTools
    public var limits: ImportLimits
    public var renderWidth: Int

    public init(tools: ExternalTools = .discover(), limits: ImportLimits = ImportLimits(), renderWidth: Int = 1600) {
        self.tools = tools
        self.limits = limits
        self.renderWidth = renderWidth
    }

    /// Imports the file into `workDirectory` (created if needed; the caller moves the images away and deletes it).
    /// Honours Task cancellation (throws kind .cancelled and kills child processes).
    public func importDeck(fileURL: URL, filename: String, workDirectory: URL,
                           progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) async throws -> ImportedDeck {
        try await mappingCancellation {
            try checkCancelled()
            progress(ImportProgress(fraction: 0, stage: .checkingFile))
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            let format = try DeckFormat.detect(fileURL: fileURL, filename: filename)
            var deck: ImportedDeck
            switch format {
            case .zip: deck = try importZIP(fileURL, filename: filename, workDirectory: workDirectory, progress: progress)
            case .pdf: deck = try await importPDF(fileURL, filename: filename, workDirectory: workDirectory, progress: progress)
            case .pptx: deck = try await importPPTX(fileURL, filename: filename, workDirectory: workDirectory, progress: progress)
            }
            try checkCancelled()
            if deck.title.isEmpty { deck.title = Self.fallbackTitle(filename) }
            progress(ImportProgress(fraction: 1, stage: .done))
            return deck
        }
    }

    static func fallbackTitle(_ filename: String) -> String {
        let base = ((filename as NSString).lastPathComponent as NSString).deletingPathExtension
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return base.isEmpty ? "Untitled deck" : base
    }

    // MARK: ZIP of pictures

    private func importZIP(_ file: URL, filename: String, workDirectory: URL,
                           progress: @escaping @Sendable (ImportProgress) -> Void) throws -> ImportedDeck {
        progress(ImportProgress(fraction: 0.05, stage: .readingPictures))
        let slides = try ZIPImagesReader(limits: limits).read(fileURL: file, into: workDirectory) { done, total in
            progress(ImportProgress(fraction: 0.05 + 0.9 * Double(done) / Double(total), stage: .readingPictures))
        }
        return ImportedDeck(title: Self.fallbackTitle(filename), slides: slides)
    }

    // MARK: PDF

    private func importPDF(_ file: URL, filename: String, workDirectory: URL,
                           progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> ImportedDeck {
        let reader = PDFReader(tools: tools, limits: limits, renderWidth: renderWidth)
        try PDFReader.checkComplete(file)
        progress(ImportProgress(fraction: 0.02, stage: .readingPDF))
        let info = try await reader.info(file)
        if info.pages == 0 { throw DeckImportError(.empty, "The PDF has no pages.", key: "stage.error.import.no_pages") }
        try checkPageCount(info.pages)
        try reader.checkPictureSizes(info)
        let texts = try await reader.pageTexts(file, pages: info.pages)
        progress(ImportProgress(fraction: 0.1, stage: .renderingPictures))
        let pictures = try await renderPictures(reader, pdf: file, pages: info.pages, workDirectory: workDirectory,
                                                range: 0.1...0.95, progress: progress)
        guard pictures.count == info.pages else {
            throw DeckImportError(.toolFailed,
                "pdftoppm rendered \(pictures.count) of \(info.pages) pages; the PDF may be damaged — export it again and re-import.",
                key: "stage.error.import.pdftoppm_pages", ["count": String(pictures.count), "pages": String(info.pages)])
        }
        let slides = zip(pictures, texts).map { picture, text in
            var slide = picture
            slide.notes = text
            return slide
        }
        return ImportedDeck(title: info.title ?? Self.fallbackTitle(filename), slides: slides)
    }

    /// Renders a PDF and probes every page picture; slides carry only picture fields.
    private func renderPictures(_ reader: PDFReader, pdf: URL, pages: Int, workDirectory: URL,
                                range: ClosedRange<Double>,
                                progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> [ImportedSlide] {
        let span = range.upperBound - range.lowerBound
        let files = try await reader.render(pdf, pages: pages, into: workDirectory.appendingPathComponent("pages")) { done in
            progress(ImportProgress(fraction: range.lowerBound + span * Double(min(done, pages)) / Double(pages),
                                    stage: .renderingPictures))
        }
        var slides: [ImportedSlide] = []
        for url in files {
            do {
                let info = try ImageProbe.probe(file: url, maxPixels: limits.maxImagePixels)
                slides.append(ImportedSlide(imageFile: url, imageType: info.type, width: info.width, height: info.height))
            } catch {
                throw ImageProbe.error(error, name: url.lastPathComponent, maxPixels: limits.maxImagePixels)
            }
        }
        return slides
    }

    private func checkPageCount(_ count: Int) throws {
        if count > limits.maxSlides {
            throw DeckImportError(.tooLarge,
                "The file has \(count) pages; at most \(limits.maxSlides) slides are accepted. Split it and import the parts.",
                key: "stage.error.import.too_many_pages", ["count": String(count), "max": String(limits.maxSlides)])
        }
    }

    // MARK: PPTX

    private func importPPTX(_ file: URL, filename: String, workDirectory: URL,
                            progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> ImportedDeck {
        progress(ImportProgress(fraction: 0.02, stage: .readingSlides))
        let archive = try SafeArchive(url: file, limits: limits)
        let content = try PPTXReader(package: OPCPackage(archive: archive), limits: limits).read { done, total in
            progress(ImportProgress(fraction: 0.02 + 0.08 * Double(done) / Double(total), stage: .readingSlides))
        }
        var slides = content.slides.map { ImportedSlide(title: $0.title, notes: $0.notes, hidden: $0.hidden) }
        var warnings: [DeckImportWarning] = []
        let title = content.title ?? Self.fallbackTitle(filename)

        guard let soffice = tools.soffice else {
            warnings.append(DeckImportWarning("libreoffice", "Slide pictures need LibreOffice (Debian package \(LibreOfficeConverter.package)); notes and titles were imported.",
                                              ["package": LibreOfficeConverter.package]))
            return ImportedDeck(title: title, slides: slides, warnings: warnings)
        }
        guard tools.pdftoppm != nil, tools.pdfinfo != nil else {
            warnings.append(DeckImportWarning("poppler", "Slide pictures need poppler (Debian package \(PDFReader.popplerPackage)); notes and titles were imported.",
                                              ["package": PDFReader.popplerPackage]))
            return ImportedDeck(title: title, slides: slides, warnings: warnings)
        }

        // LibreOffice gives no progress; estimate from a typical ~1 s per slide.
        let count = slides.count
        progress(ImportProgress(fraction: 0.1, stage: .converting))
        let loFolder = workDirectory.appendingPathComponent("libreoffice")
        let pdf = try await LibreOfficeConverter(soffice: soffice).convert(file, slides: count, into: loFolder) { elapsed in
            let estimate = 5 + Double(count)
            progress(ImportProgress(fraction: 0.1 + 0.5 * min(elapsed / estimate, 0.95), stage: .converting))
        }
        defer { try? FileManager.default.removeItem(at: loFolder) }
        let reader = PDFReader(tools: tools, limits: limits, renderWidth: renderWidth)
        let pdfInfo = try await reader.info(pdf)
        try reader.checkPictureSizes(pdfInfo)
        let pages = pdfInfo.pages
        let visible = slides.indices.filter { !slides[$0].hidden }
        // Decide the page → slide mapping before rendering, so a mismatch never mis-assigns pictures.
        let targets: [Int]
        if pages == count {
            targets = Array(slides.indices)
        } else if pages == visible.count {
            targets = visible
            warnings.append(DeckImportWarning("hidden", "LibreOffice left out the hidden slides; they were imported without pictures."))
        } else {
            warnings.append(DeckImportWarning(
                "page_count", "LibreOffice produced \(pages) pages for \(count) slides, so slide pictures were left out rather than attached to the wrong slides; notes and titles were imported.",
                ["pages": String(pages), "count": String(count)]))
            return ImportedDeck(title: title, slides: slides, warnings: warnings)
        }
        progress(ImportProgress(fraction: 0.6, stage: .renderingPictures))
        let pictures = try await renderPictures(reader, pdf: pdf, pages: pages, workDirectory: workDirectory,
                                                range: 0.6...0.95, progress: progress)
        guard pictures.count == targets.count else {
            warnings.append(DeckImportWarning(
                "rendered", "Only \(pictures.count) of \(targets.count) slide pictures could be rendered, so pictures were left out; notes and titles were imported.",
                ["count": String(pictures.count), "total": String(targets.count)]))
            for picture in pictures { if let url = picture.imageFile { try? FileManager.default.removeItem(at: url) } }
            return ImportedDeck(title: title, slides: slides, warnings: warnings)
        }
        for (index, picture) in zip(targets, pictures) {
            slides[index].imageFile = picture.imageFile
            slides[index].imageType = picture.imageType
            slides[index].width = picture.width
            slides[index].height = picture.height
        }
        return ImportedDeck(title: title, slides: slides, warnings: warnings)
    }
}

import Foundation

extension DeckImporter {
    /// The part of an import that reads the upload's own bytes, before any external tool does: the format, a ZIP's
    /// pictures (into `workDirectory`), a presentation's slides with their titles and notes, a PDF's end. It is
    /// everything of a stranger's file that Cadence's own code parses (LibreOffice and poppler read the rest), so it
    /// is the fuzzer's entry point.
    /// - Returns: how many slides it found (none for a PDF, whose pages poppler counts).
    @discardableResult
    public func readOwnBytes(fileURL: URL, filename: String, workDirectory: URL) throws -> Int {
        switch try DeckFormat.detect(fileURL: fileURL, filename: filename) {
        case .zip:
            return try ZIPImagesReader(limits: limits).read(fileURL: fileURL, into: workDirectory) { _, _ in }.count
        case .pptx:
            let package = OPCPackage(archive: try SafeArchive(url: fileURL, limits: limits))
            return try PPTXReader(package: package, limits: limits).read { _, _ in }.slides.count
        case .pdf:
            try PDFReader.checkComplete(fileURL)
            return 0
        }
    }
}

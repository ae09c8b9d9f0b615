import Foundation
import ZIPFoundation

/// A ZIP of slide pictures: every PNG/JPEG entry, in natural file-name order, one slide each.
/// MP4 and WebM entries become video slides in the same order.
struct ZIPImagesReader {
    let limits: ImportLimits

    /// Entries that count as slide pictures (directories, macOS resource forks and dot-files are not).
    static func isSlidePicture(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard let last = components.last, !path.hasSuffix("/") else { return false }
        if components.contains(where: { $0 == "__MACOSX" }) || last.hasPrefix(".") { return false }
        let lower = last.lowercased()
        return lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") || isVideo(lower)
    }

    static func isVideo(_ path: String) -> Bool {
        VideoProbe.extensions.contains { path.lowercased().hasSuffix("." + $0) }
    }

    func read(fileURL: URL, into directory: URL, progress: (Int, Int) -> Void) throws -> [ImportedSlide] {
        let archive = try SafeArchive(url: fileURL, limits: limits)
        let pictures = archive.files
            .filter { Self.isSlidePicture($0.path) }
            .sorted { NaturalOrder.areInIncreasingOrder($0.path, $1.path) }
        if pictures.isEmpty {
            throw DeckImportError(.empty, "The ZIP has no PNG or JPEG pictures (or MP4/WebM videos).", key: "stage.error.import.no_pictures")
        }
        if pictures.count > limits.maxSlides {
            throw DeckImportError(.tooLarge,
                "The ZIP has \(pictures.count) pictures; at most \(limits.maxSlides) slides are accepted. Split it and import the parts.",
                key: "stage.error.import.too_many_pictures", ["count": String(pictures.count), "max": String(limits.maxSlides)])
        }
        var slides: [ImportedSlide] = []
        for (index, entry) in pictures.enumerated() {
            // Our own names: an entry path never becomes a file system path.
            let base = String(format: "slide-%04d", index + 1)
            let temporary = directory.appendingPathComponent(base + ".part")
            try archive.extract(entry, to: temporary)
            if Self.isVideo(entry.path) {
                let video: VideoProbe.Info
                do {
                    video = try VideoProbe.probe(file: temporary)
                } catch {
                    try? FileManager.default.removeItem(at: temporary)
                    throw DeckImportError(.undecodableImage, "\(entry.path) is not an MP4 or WebM video the browser can play.",
                                          key: "stage.error.import.video_unplayable", ["path": entry.path])
                }
                let final = directory.appendingPathComponent(base + "." + video.type)
                try FileManager.default.moveItem(at: temporary, to: final)
                slides.append(ImportedSlide(imageFile: final, imageType: video.type, durationMs: video.durationMs))
                progress(index + 1, pictures.count)
                continue
            }
            let info: ImageInfo
            do {
                info = try ImageProbe.probe(file: temporary, maxPixels: limits.maxImagePixels)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw ImageProbe.error(error, name: entry.path, maxPixels: limits.maxImagePixels)
            }
            // The extension follows the content, not the entry name (a PNG named .jpg is still a PNG).
            let final = directory.appendingPathComponent(base + "." + info.fileExtension)
            try? FileManager.default.removeItem(at: final)
            try FileManager.default.moveItem(at: temporary, to: final)
            slides.append(ImportedSlide(imageFile: final, imageType: info.type, width: info.width, height: info.height))
            progress(index + 1, pictures.count)
        }
        return slides
    }
}

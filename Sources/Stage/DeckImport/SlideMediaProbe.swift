import Foundation

/// What edit mode's "insert a picture or video" needs to know about an uploaded file: its type
/// (from its first bytes, never its name), its size in pixels, a video's length. Refuses files
/// that are not PNG, JPEG, MP4 or WebM, and broken or oversized pictures, with a message.
public enum SlideMediaProbe {
    public struct Media: Equatable, Sendable {
        public let contentType: String
        public let width: Int?
        public let height: Int?
        public let durationMs: Int64?
    }

    /// Neither a picture nor a video: a phrase ("is not …") the caller puts after "This file".
    public static let notMedia = DeckImportError(.undecodableImage, "is not a PNG or JPEG picture, or an MP4 or WebM video")

    /// `name`: the file's name as the person knows it (an upload's temporary file has another), for the refusal.
    public static func probe(file url: URL, name: String? = nil, maxPixels: Int = 100_000_000) throws(DeckImportError) -> Media {
        if let picture = try? ImageProbe.probe(file: url, maxPixels: maxPixels) {
            return Media(contentType: picture.type == "png" ? "image/png" : "image/jpeg", width: picture.width, height: picture.height, durationMs: nil)
        }
        do {
            let video = try VideoProbe.probe(file: url)
            return Media(contentType: video.type == "webm" ? "video/webm" : "video/mp4", width: nil, height: nil, durationMs: video.durationMs)
        } catch {
            // Say what is wrong with it as a picture when it looks like one.
            do { _ = try ImageProbe.probe(file: url, maxPixels: maxPixels) } catch {
                if error != .notAnImage { throw ImageProbe.error(error, name: name ?? url.lastPathComponent, maxPixels: maxPixels) }
            }
            throw notMedia
        }
    }
}

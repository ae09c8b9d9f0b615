import Foundation

/// A picture or video file of a series. The bytes are kept by the server's asset store;
/// this is what the database knows of them.
public struct MediaAsset: Equatable, Sendable {
    public enum Origin: String, Sendable {
        /// Part of the demo or of an installed package: can be hidden, never deleted (S5).
        case shipped
        /// Imported or uploaded by the person: theirs to delete.
        case imported
    }

    public let id: UUID
    public let seriesID: UUID
    public let contentType: String
    public let byteSize: Int64
    public let sha256: String
    public let width: Int?
    public let height: Int?
    public let durationMs: Int64?
    public let origin: Origin

    public init(id: UUID = UUID(), seriesID: UUID, contentType: String, byteSize: Int64, sha256: String,
                width: Int? = nil, height: Int? = nil, durationMs: Int64? = nil, origin: Origin) {
        self.id = id
        self.seriesID = seriesID
        self.contentType = contentType
        self.byteSize = byteSize
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.durationMs = durationMs
        self.origin = origin
    }

    public var isVideo: Bool { contentType.hasPrefix("video/") }

    /// The file extension the store keeps it under.
    public var fileExtension: String {
        switch contentType {
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "image/svg+xml": "svg"
        case "video/mp4": "mp4"
        case "video/webm": "webm"
        default: "bin"
        }
    }
}

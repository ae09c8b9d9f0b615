import Foundation

/// One slide as imported: the picture lives in the work directory until the caller moves it.
public struct ImportedSlide: Sendable, Equatable {
    public var imageFile: URL?
    public var imageType: String?
    public var width: Int?
    public var height: Int?
    public var title: String?
    public var notes: String
    public var hidden: Bool
    /// Set for video slides (a ZIP may carry MP4 or WebM files): the length when the file says.
    public var durationMs: Int64?

    /// A video slide rather than a picture.
    public var isVideo: Bool { imageType == "mp4" || imageType == "webm" }

    public init(imageFile: URL? = nil, imageType: String? = nil, width: Int? = nil, height: Int? = nil,
                title: String? = nil, notes: String = "", hidden: Bool = false, durationMs: Int64? = nil) {
        self.durationMs = durationMs
        self.imageFile = imageFile
        self.imageType = imageType
        self.width = width
        self.height = height
        self.title = title
        self.notes = notes
        self.hidden = hidden
    }
}

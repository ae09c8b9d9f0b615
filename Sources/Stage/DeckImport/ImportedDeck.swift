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

public struct ImportedDeck: Sendable {
    public var title: String
    public var slides: [ImportedSlide]
    public var warnings: [String]

    public init(title: String, slides: [ImportedSlide], warnings: [String] = []) {
        self.title = title
        self.slides = slides
        self.warnings = warnings
    }
}

/// Limits that keep a hostile upload from exhausting disk, memory or CPU.
public struct ImportLimits: Sendable {
    public var maxEntries = 5_000
    /// Total bytes inflated from the archive, counted while extracting (declared sizes can lie).
    public var maxUncompressedBytes: Int64 = 1 << 30
    /// Per entry, applied once an entry has produced more than 1 MiB.
    public var maxCompressionRatio = 200.0
    public var maxSlides = 2_000
    public var maxImagePixels = 50_000_000
    public init() {}
}

public struct ImportProgress: Sendable {
    public var fraction: Double
    public var stage: String
    public init(fraction: Double, stage: String) {
        self.fraction = fraction
        self.stage = stage
    }
}

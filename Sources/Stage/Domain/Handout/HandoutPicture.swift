import Foundation

/// A slide's picture as the original file's bytes. The writer reads the pixel size from the
/// file's own header, so callers never have to keep it in sync.
public enum HandoutPicture: Equatable, Sendable {
    case jpeg(Data)
    case png(Data)
    /// No raster picture exists (a video, an SVG): a grey box with `reason` is drawn instead,
    /// so the reader still sees that the slide had something on it.
    case missing(String)
}

import Foundation

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

import Foundation

/// Caps applied while reading a package. Sizes declared inside a ZIP can lie, so the byte caps are
/// enforced on what is actually inflated, not only on the headers.
public struct PackageLimits: Sendable {
    /// Total bytes all entries may inflate to (stored form: ciphertext when encrypted).
    public var maxUncompressedBytes: Int64
    /// Inflated ÷ compressed above which an entry is treated as a ZIP bomb (checked past SafeZip's `InflationLimits.ratioFloor`).
    public var maxCompressionRatio: Double
    public var maxEntries: Int
    /// The manifest is read into memory, so it gets its own small cap.
    public var maxManifestBytes: Int64

    public init(maxUncompressedBytes: Int64 = 4 << 30, maxCompressionRatio: Double = 200,
                maxEntries: Int = 20_000, maxManifestBytes: Int64 = 16 << 20) {
        self.maxUncompressedBytes = maxUncompressedBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.maxEntries = maxEntries
        self.maxManifestBytes = maxManifestBytes
    }
}

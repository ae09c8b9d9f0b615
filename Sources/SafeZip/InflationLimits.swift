import Foundation
import ZIPFoundation

/// Caps on what an archive may inflate to. Sizes declared inside a ZIP can lie, so they are enforced on the bytes
/// actually inflated, as they come.
public struct InflationLimits: Sendable {
    /// Total bytes all entries of one archive may inflate to.
    public var maxUncompressedBytes: Int64
    /// Inflated ÷ compressed above which an entry is a ZIP bomb, checked once it passed `ratioFloor`.
    public var maxCompressionRatio: Double

    /// Below this many inflated bytes an entry is never called a bomb: small text files compress very well.
    public static let ratioFloor: Int64 = 1 << 20

    public init(maxUncompressedBytes: Int64, maxCompressionRatio: Double) {
        self.maxUncompressedBytes = maxUncompressedBytes
        self.maxCompressionRatio = maxCompressionRatio
    }
}

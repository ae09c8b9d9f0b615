import Foundation
import ZIPFoundation

/// Streams entries out of one archive, counting what is inflated, and stops at the first byte past a cap rather
/// than after a bomb filled the disk. Not thread-safe: one reader owns it.
public final class InflationMeter {
    public enum Overrun: Error, Equatable {
        /// The archive as a whole inflates to more than `maxUncompressedBytes`.
        case total
        /// This entry inflates more than `maxCompressionRatio` times.
        case ratio(path: String)
    }

    public let archive: Archive
    public let limits: InflationLimits
    /// Bytes inflated so far across all entries.
    public private(set) var inflatedTotal: Int64 = 0

    public init(archive: Archive, limits: InflationLimits) {
        self.archive = archive
        self.limits = limits
    }

    /// Streams an entry's bytes to `sink` (the CRC is checked), refusing it before a byte is read when its declared
    /// size already passes a cap. Errors other than `Overrun` are ZIPFoundation's or `sink`'s.
    /// - Returns: the bytes the entry inflated to.
    @discardableResult
    public func extract(_ entry: Entry, sink: (Data) throws -> Void) throws -> Int64 {
        let path = entry.path
        let compressed = Int64(clamping: entry.compressedSize)
        let declared = Int64(clamping: entry.uncompressedSize)
        if declared > limits.maxUncompressedBytes - inflatedTotal { throw Overrun.total }
        if isBomb(produced: declared, compressed: compressed) { throw Overrun.ratio(path: path) }
        var produced: Int64 = 0
        _ = try archive.extract(entry, bufferSize: 64 * 1024, skipCRC32: false) { chunk in
            produced += Int64(chunk.count)
            inflatedTotal += Int64(chunk.count)
            if inflatedTotal > limits.maxUncompressedBytes { throw Overrun.total }
            if isBomb(produced: produced, compressed: compressed) { throw Overrun.ratio(path: path) }
            try sink(chunk)
        }
        return produced
    }

    private func isBomb(produced: Int64, compressed: Int64) -> Bool {
        produced > InflationLimits.ratioFloor && Double(produced) / Double(max(compressed, 1)) > limits.maxCompressionRatio
    }
}

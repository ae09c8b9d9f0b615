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
    /// The central directory as read by SafeZip, by entry name: where each entry's data is, for `EntryDataCheck`.
    private var records: [String: ZipDirectory.Record]?

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
        try checkData(of: entry, compressed: compressed)
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

    /// The entry's bytes are all in the file and its deflate stream ends inside them (see `EntryDataCheck`), and what
    /// it inflates to stays inside the caps: checked before ZIPFoundation, which would loop for ever on the first two.
    private func checkData(of entry: Entry, compressed: Int64) throws {
        if records == nil {
            records = Dictionary((try ZipDirectory.read(from: archive.url)).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        guard let record = records?[entry.path] else { throw EntryDataCheck.Failure.corrupt(path: entry.path) }
        let handle = try FileHandle(forReadingFrom: archive.url)
        defer { try? handle.close() }
        let fileSize = try handle.seekToEnd()
        let room = limits.maxUncompressedBytes - inflatedTotal
        let ratioCap = Int64(clamping: Int64((limits.maxCompressionRatio * Double(max(compressed, 1))).rounded(.up)))
        let maxOutput = min(room, max(ratioCap, InflationLimits.ratioFloor))
        let inflated = try EntryDataCheck.check(record, in: handle, fileSize: fileSize, maxOutput: maxOutput,
                                                overrun: room <= ratioCap ? Overrun.total : Overrun.ratio(path: entry.path))
        if inflated > room { throw Overrun.total }
    }

    private func isBomb(produced: Int64, compressed: Int64) -> Bool {
        produced > InflationLimits.ratioFloor && Double(produced) / Double(max(compressed, 1)) > limits.maxCompressionRatio
    }
}

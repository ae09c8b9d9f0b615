import Crypto
import Foundation
import SafeZip
import ZIPFoundation

/// Streams ZIP entries out of one package through SafeZip's `InflationMeter`, so a bomb is stopped as soon as it
/// passes a cap rather than after it filled the disk. Also decrypts and checks every entry against its manifest
/// line. Not thread-safe: one read owns it.
final class EntryReader {
    private let meter: InflationMeter
    private let limits: PackageLimits

    init(archive: Archive, limits: PackageLimits) {
        self.meter = InflationMeter(archive: archive, limits: InflationLimits(
            maxUncompressedBytes: limits.maxUncompressedBytes, maxCompressionRatio: limits.maxCompressionRatio))
        self.limits = limits
    }

    /// Raw stored bytes of an entry, never more than its declared size or `cap`.
    func readStored(_ entry: Entry, cap: Int64, sink: (Data) throws -> Void) throws {
        let path = entry.path
        let declared = Int64(clamping: entry.uncompressedSize)
        if declared > cap || declared > limits.maxUncompressedBytes - meter.inflatedTotal {
            throw PackageError.tooLarge(limit: min(cap, limits.maxUncompressedBytes))
        }
        var produced: Int64 = 0
        do {
            try meter.extract(entry) { chunk in
                produced += Int64(chunk.count)
                // More bytes than the header promised: the header lies, so stop now.
                if produced > declared { throw PackageError.checksumMismatch(path) }
                try sink(chunk)
            }
        } catch let error as PackageError {
            throw error
        } catch InflationMeter.Overrun.total {
            throw PackageError.tooLarge(limit: limits.maxUncompressedBytes)
        } catch InflationMeter.Overrun.ratio {
            throw PackageError.compressionRatio(path: path, limit: limits.maxCompressionRatio)
        } catch Archive.ArchiveError.invalidCRC32 {
            throw PackageError.checksumMismatch(path)
        } catch {
            throw PackageError.damaged("\(PackagePath.display(path)) cannot be unpacked")
        }
        if produced != declared { throw PackageError.checksumMismatch(path) }
    }

    /// Checks one entry against its manifest line: size and SHA-256 of the stored bytes, and — when
    /// `key` is given — every GCM tag plus size and SHA-256 of the plaintext, which goes to `sink`.
    /// Without a key on an encrypted package only the stored form is checked (verify before install).
    func check(_ entry: Entry, against line: PackageEntry, key: PackageKey?, chunkSize: Int,
               sink: (Data) throws -> Void) throws {
        var storedHasher = SHA256()
        var plainHasher = SHA256()
        var plainSize: Int64 = 0
        var opener = key.map { ChunkOpener(key: $0.contentKey, path: line.path, chunkSize: chunkSize) }
        func plain(_ data: Data) throws {
            plainHasher.update(data: data)
            plainSize += Int64(data.count)
            if plainSize > line.size { throw PackageError.checksumMismatch(line.path) }
            try sink(data)
        }
        let encrypted = line.storedSHA256 != nil
        try readStored(entry, cap: line.storedByteCount) { chunk in
            storedHasher.update(data: chunk)
            if encrypted {
                try opener?.feed(chunk, emit: plain)
            } else {
                try plain(chunk)
            }
        }
        guard PackageDigest.hex(storedHasher.finalize()) == line.storedDigest else {
            throw PackageError.checksumMismatch(line.path)
        }
        if encrypted, key == nil { return }
        try opener?.finish(emit: plain)
        guard plainSize == line.size, PackageDigest.hex(plainHasher.finalize()) == line.sha256 else {
            throw PackageError.checksumMismatch(line.path)
        }
    }
}

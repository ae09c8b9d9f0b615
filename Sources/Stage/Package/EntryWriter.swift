import Crypto
import Foundation
import ZIPFoundation

/// Streams one source into one ZIP entry, plain or encrypted, hashing as it goes, and produces
/// its manifest line. Fails with `sourceChanged` if the bytes differ from what was measured.
struct EntryWriter {
    let archive: Archive
    let key: PackageKey?
    let chunkSize: Int

    func add(_ source: PackageMedia, path: String, role: PackageEntryRole,
             expected: (sha256: String, size: Int64), names: [String]?) throws -> PackageEntry {
        let stream = try MediaStream(source)
        var plainHasher = SHA256()
        var storedHasher = SHA256()
        let storedSize: Int64
        let next: () throws -> Data?
        if let key {
            storedSize = ChunkCipher.storedSize(plaintextSize: expected.size, chunkSize: chunkSize)
            let count = ChunkCipher.chunkCount(plaintextSize: expected.size, chunkSize: chunkSize)
            var index: Int64 = 0
            next = {
                guard index < count else { return nil }
                let plain = try readFull(stream, chunkSize)
                plainHasher.update(data: plain)
                let box = try ChunkCipher.seal(plain, key: key.contentKey, path: path, index: index,
                                               final: index == count - 1)
                storedHasher.update(data: box)
                index += 1
                return box
            }
        } else {
            storedSize = expected.size
            next = {
                let plain = try stream.read(upTo: PackageDigest.readChunk)
                plainHasher.update(data: plain)
                return plain
            }
        }
        let provider = SequentialProvider(name: source.name, next: next)
        // Ciphertext and already-compressed media do not shrink; deflating them only costs time.
        let method: CompressionMethod = key != nil || PackagePath.isPrecompressed(path) ? .none : .deflate
        do {
            try archive.addEntry(with: path, type: .file, uncompressedSize: storedSize,
                                 compressionMethod: method, bufferSize: 64 * 1024) { position, size in
                try provider.provide(position: position, size: size)
            }
            try provider.finish()
        } catch let error as PackageError {
            throw error
        } catch {
            throw PackageError.io("cannot write \(path) (\(error))")
        }
        let sha = PackageDigest.hex(plainHasher.finalize())
        guard sha == expected.sha256 else { throw PackageError.sourceChanged(source.name) }
        return PackageEntry(path: path, sha256: sha, size: expected.size, role: role, names: names,
                            storedSHA256: key == nil ? nil : PackageDigest.hex(storedHasher.finalize()),
                            storedSize: key == nil ? nil : storedSize)
    }

    /// Reads exactly `count` bytes unless the source ends first (file reads may come back short).
    private func readFull(_ stream: MediaStream, _ count: Int) throws -> Data {
        var data = Data(capacity: count)
        while data.count < count {
            let piece = try stream.read(upTo: count - data.count)
            if piece.isEmpty { break }
            data.append(piece)
        }
        return data
    }
}

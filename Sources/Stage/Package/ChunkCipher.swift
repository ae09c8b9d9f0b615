import Crypto
import Foundation

/// The stored form of an encrypted entry: the plaintext cut into `chunkSize` pieces, each sealed
/// as its own AES-GCM box `nonce(12) | ciphertext | tag(16)` with a fresh random nonce.
///
/// Every box is bound (as authenticated data) to the entry path, its index and whether it is the
/// last one, so boxes cannot be reordered, moved to another entry, or cut off at a chunk boundary
/// without the tag check failing. An empty file is one empty final box.
enum ChunkCipher {
    static let overhead = 12 + 16

    static func chunkCount(plaintextSize: Int64, chunkSize: Int) -> Int64 {
        max(1, (plaintextSize + Int64(chunkSize) - 1) / Int64(chunkSize))
    }

    static func storedSize(plaintextSize: Int64, chunkSize: Int) -> Int64 {
        plaintextSize + chunkCount(plaintextSize: plaintextSize, chunkSize: chunkSize) * Int64(overhead)
    }

    static func associatedData(path: String, index: Int64, final: Bool) -> Data {
        var data = Data("cadence-package/v1\0\(path)\0".utf8)
        withUnsafeBytes(of: UInt64(index).bigEndian) { data.append(contentsOf: $0) }
        data.append(final ? 1 : 0)
        return data
    }

    static func seal(_ plaintext: Data, key: SymmetricKey, path: String, index: Int64, final: Bool) throws -> Data {
        do {
            let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(),
                                       authenticating: associatedData(path: path, index: index, final: final))
            guard let combined = box.combined else { throw PackageError.io("encryption failed") }
            return combined
        } catch let error as PackageError {
            throw error
        } catch {
            throw PackageError.io("encryption failed")
        }
    }
}

/// Decrypts a stored entry fed in arbitrary pieces (as the ZIP inflater hands them out), holding
/// at most one box in memory. A box is only known to be the last when the stream ends, so a full
/// box is opened only once a byte beyond it has arrived.
struct ChunkOpener {
    private let key: SymmetricKey
    private let path: String
    private let boxSize: Int
    private var buffer = Data()
    private var index: Int64 = 0

    init(key: SymmetricKey, path: String, chunkSize: Int) {
        self.key = key
        self.path = path
        self.boxSize = chunkSize + ChunkCipher.overhead
    }

    mutating func feed(_ data: Data, emit: (Data) throws -> Void) throws {
        buffer.append(data)
        while buffer.count > boxSize {
            let box = buffer.prefix(boxSize)
            try emit(open(Data(box), final: false))
            buffer = Data(buffer.dropFirst(boxSize))
        }
    }

    mutating func finish(emit: (Data) throws -> Void) throws {
        guard buffer.count >= ChunkCipher.overhead else { throw PackageError.checksumMismatch(path) }
        try emit(open(buffer, final: true))
        buffer = Data()
    }

    private mutating func open(_ combined: Data, final: Bool) throws -> Data {
        defer { index += 1 }
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            return try AES.GCM.open(box, using: key,
                                    authenticating: ChunkCipher.associatedData(path: path, index: index, final: final))
        } catch {
            throw PackageError.checksumMismatch(path)
        }
    }
}

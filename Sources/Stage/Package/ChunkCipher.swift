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

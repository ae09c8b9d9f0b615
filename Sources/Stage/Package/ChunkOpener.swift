import Crypto
import Foundation

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

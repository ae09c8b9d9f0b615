import Foundation

/// Adapts a "give me the next piece" producer to ZIPFoundation's `(position, size)` provider,
/// which asks for consecutive ranges of exactly `size` bytes. Keeps only the unserved remainder
/// of one produced piece in memory.
final class SequentialProvider {
    private let next: () throws -> Data?
    private var buffer = Data()
    private var offset = 0
    private var served: Int64 = 0
    private let name: String

    init(name: String, next: @escaping () throws -> Data?) {
        self.name = name
        self.next = next
    }

    func provide(position: Int64, size: Int) throws -> Data {
        guard position == served else { throw PackageError.io("non-sequential read while writing \(name)") }
        var out = Data(capacity: size)
        while out.count < size {
            if offset == buffer.count {
                guard let more = try next(), !more.isEmpty else { throw PackageError.sourceChanged(name) }
                buffer = more
                offset = 0
            }
            let take = min(size - out.count, buffer.count - offset)
            out.append(buffer[buffer.startIndex + offset ..< buffer.startIndex + offset + take])
            offset += take
        }
        served += Int64(size)
        return out
    }

    /// Fails if the producer still had bytes: the source grew after it was measured.
    func finish() throws {
        if offset != buffer.count { throw PackageError.sourceChanged(name) }
        if let more = try next(), !more.isEmpty { throw PackageError.sourceChanged(name) }
    }
}

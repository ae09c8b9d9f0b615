import Foundation
import NIOCore
import Synchronization

/// The chunks of stored files read last, kept in memory up to `capacity` bytes, the least recently read going first.
///
/// A video on the audience screens, or a song in a run, is read again and again, by several devices at once: without
/// this each read asks PostgreSQL for the same megabytes. A chunk is named by its content's SHA-256 and its place in
/// it, and content never changes under its name, so a cached chunk cannot be stale; whether a file still exists is
/// decided by the lookup that opens it, which always asks the database.
final class MediaChunkCache: Sendable {
    struct Key: Hashable {
        let owner: UUID
        let sha256: String
        /// The blob's chunking: the same content stored again with another chunk size is chunked differently.
        let chunkBytes: Int64
        let seq: Int
    }

    private struct Entry {
        let bytes: ByteBuffer
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    func chunk(_ key: Key) -> ByteBuffer? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.bytes
        }
    }

    /// Keeps a chunk, evicting the least recently read ones to make room. A chunk larger than the whole cache is not
    /// kept. The bytes are copied: a buffer from the database driver may be a slice of a larger message, which the
    /// cache must not hold on to.
    func keep(_ bytes: ByteBuffer, as key: Key) {
        let size = bytes.readableBytes
        guard size <= capacity else { return }
        let own = ByteBuffer(bytes: bytes.readableBytesView)
        state.withLock { state in
            if let old = state.entries[key] { state.bytes -= old.bytes.readableBytes }
            state.clock += 1
            state.entries[key] = Entry(bytes: own, lastUse: state.clock)
            state.bytes += size
            while state.bytes > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes.readableBytes
            }
        }
    }

    var storedBytes: Int { state.withLock { $0.bytes } }
}

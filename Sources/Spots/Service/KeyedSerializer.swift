import Foundation
import Spots
import Synchronization

/// Runs one body at a time per key (a device's reports are decided in order, never interleaved).
final class KeyedSerializer: Sendable {
    private let tails = Mutex<[String: Task<Void, Never>]>([:])

    func run<T: Sendable>(_ key: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task: Task<T, any Error> = tails.withLock { tails in
            let previous = tails[key]
            let task = Task { () async throws -> T in
                await previous?.value
                return try await body()
            }
            tails[key] = Task { _ = try? await task.value }
            return task
        }
        return try await task.value
    }
}

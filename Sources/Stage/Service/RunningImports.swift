import CadenceCore
import DeckImport
import Foundation
import Logging
import Stage
import Synchronization

/// Imports running in this process, so a cancel can reach them, and the turns they take.
final class RunningImports: Sendable {
    private let tasks = Mutex<[UUID: Task<Void, Never>]>([:])
    let slots = AsyncSemaphore(permits: 2)

    func add(_ id: UUID, _ task: Task<Void, Never>) { tasks.withLock { $0[id] = task } }
    func remove(_ id: UUID) { _ = tasks.withLock { $0.removeValue(forKey: id) } }
    func cancel(_ id: UUID) { tasks.withLock { $0[id] }?.cancel() }
}

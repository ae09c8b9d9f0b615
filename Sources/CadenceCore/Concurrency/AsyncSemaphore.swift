import Foundation
import Synchronization

/// A counting semaphore for async code, first come first served; a cancelled waiter leaves the queue and throws
/// `CancellationError` — also one cancelled before it started waiting.
public final class AsyncSemaphore: Sendable {
    private struct State {
        var permits: Int
        var waiters: [(id: UUID, continuation: CheckedContinuation<Void, any Error>)] = []
    }
    private let state: Mutex<State>

    public init(permits: Int) { state = Mutex(State(permits: permits)) }

    public func acquire() async throws {
        // A free permit is taken without suspending: most SQLite writes meet no other writer, and a suspension
        // costs them a hop through the executor.
        let free = state.withLock { state -> Bool in
            guard state.permits > 0, state.waiters.isEmpty else { return false }
            state.permits -= 1
            return true
        }
        if free {
            if Task.isCancelled {
                release()
                throw CancellationError()
            }
            return
        }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted = state.withLock { state -> Bool? in
                    // Checked under the lock: a task cancelled before this point ran its handler already and
                    // found no waiter to remove, so it must not queue.
                    if Task.isCancelled { return nil }
                    if state.permits > 0 {
                        state.permits -= 1
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return false
                }
                switch granted {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiters.isEmpty {
                state.permits += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }

    /// Runs `body` holding a permit, and gives it back however `body` ends.
    public func withPermit<R: Sendable>(_ body: () async throws -> R) async throws -> R {
        try await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }
}

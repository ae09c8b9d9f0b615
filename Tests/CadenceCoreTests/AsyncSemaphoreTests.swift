import CadenceCore
import Testing

/// Imports and song analyses take turns through this semaphore, and SQLite's writers queue on it.
@Suite(.timeLimit(.minutes(5)))
struct AsyncSemaphoreTests {
    /// A task cancelled before it asks for a permit must not wait for one: no handler runs after it queues.
    @Test func aTaskCancelledBeforeItAsksDoesNotWait() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        try await semaphore.acquire()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await semaphore.acquire()
        }
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // The permit is still the holder's alone: the next waiter gets it on release, not the cancelled one.
        semaphore.release()
        try await semaphore.acquire()
    }

    @Test func aWaiterCancelledWhileWaitingLeavesTheQueue() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        try await semaphore.acquire()
        let waiter = Task { try await semaphore.acquire() }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        semaphore.release()
        try await semaphore.acquire()
    }

    @Test func permitsAreHandedOutInTurn() async throws {
        let semaphore = AsyncSemaphore(permits: 2)
        let inside = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await semaphore.withPermit {
                        let now = await inside.enter()
                        #expect(now <= 2)
                        try await Task.sleep(for: .milliseconds(2))
                        await inside.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await inside.most <= 2)
    }

    actor Counter {
        var current = 0
        var most = 0
        func enter() -> Int {
            current += 1
            most = max(most, current)
            return current
        }
        func leave() { current -= 1 }
    }
}

import Synchronization

/// Items handled one at a time, in order, by a task that exists only while there are some.
///
/// A live socket may sit idle for hours; a task waiting on a stream would keep its stack (kilobytes) all that
/// time, for each socket. Here an idle mailbox is a lock and an empty array: `send` starts a drain when the
/// first item arrives and the drain ends when it has handled the last.
public final class SerialMailbox<Item: Sendable>: Sendable {
    /// Handles one item; throwing ends the mailbox (the socket is gone).
    public typealias Handler = @Sendable (Item) async throws -> Void

    public enum Accepted: Sendable {
        case queued
        /// The mailbox was full: `overflow` (if given) was queued as its last item instead, and nothing more is taken.
        case overflowed
        /// The mailbox has ended: nothing is taken.
        case finished
    }

    private struct State {
        var pending: [Item] = []
        var handler: Handler?
        var isDraining = false
        var isFinished = false
        var hasOverflowed = false

        /// True when the caller is to start the (single) drain: a handler, something to handle, nobody handling.
        mutating func claimDrain() -> Bool {
            guard handler != nil, !pending.isEmpty, !isDraining else { return false }
            isDraining = true
            return true
        }
    }

    private let state = Mutex(State())
    private let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether an item was ever refused for want of room.
    public var hasOverflowed: Bool { state.withLock { $0.hasOverflowed } }

    /// Items waiting (not counting one being handled).
    public var count: Int { state.withLock { $0.pending.count } }

    /// Queues an item. `isLast` items (a close) end the mailbox after them.
    @discardableResult
    public func send(_ item: Item, isLast: Bool = false, overflow: Item? = nil) -> Accepted {
        let (accepted, startDraining) = state.withLock { state -> (Accepted, Bool) in
            guard !state.isFinished else { return (.finished, false) }
            let accepted: Accepted
            if state.pending.count >= capacity {
                if let overflow { state.pending.append(overflow) }
                state.isFinished = true
                state.hasOverflowed = true
                accepted = .overflowed
            } else {
                state.pending.append(item)
                state.isFinished = isLast
                accepted = .queued
            }
            return (accepted, state.claimDrain())
        }
        if startDraining { Task { await drain() } }
        return accepted
    }

    /// Starts handling, with whatever was sent before first.
    public func start(_ handler: @escaping Handler) {
        let startDraining = state.withLock { state -> Bool in
            state.handler = handler
            return state.claimDrain()
        }
        if startDraining { Task { await drain() } }
    }

    /// Drops what waits and takes nothing more.
    public func finish() {
        state.withLock { state in
            state.isFinished = true
            state.pending.removeAll()
            state.handler = nil
        }
    }

    private func drain() async {
        while true {
            let next = state.withLock { state -> (Item, Handler)? in
                guard let handler = state.handler, !state.pending.isEmpty else {
                    state.isDraining = false
                    return nil
                }
                return (state.pending.removeFirst(), handler)
            }
            guard let (item, handler) = next else { return }
            do {
                try await handler(item)
            } catch {
                finish()
                state.withLock { $0.isDraining = false }
                return
            }
        }
    }
}

/// Undo and redo in edit mode (S5): up to ten earlier states; a new edit clears what could be
/// redone; leaving edit mode clears both. States are whole values (a variation's edits are
/// small), so undoing is putting an earlier value back.
public struct UndoHistory<State: Equatable & Sendable>: Equatable, Sendable {
    public static var limit: Int { 10 }

    public private(set) var current: State
    private var past: [State] = []
    private var future: [State] = []

    public init(_ state: State) { current = state }

    public var canUndo: Bool { !past.isEmpty }
    public var canRedo: Bool { !future.isEmpty }

    /// Records an edit's result; the oldest state falls off past ten.
    public mutating func record(_ state: State) {
        guard state != current else { return }
        past.append(current)
        if past.count > Self.limit { past.removeFirst(past.count - Self.limit) }
        future.removeAll()
        current = state
    }

    @discardableResult
    public mutating func undo() -> State? {
        guard let previous = past.popLast() else { return nil }
        future.append(current)
        current = previous
        return previous
    }

    @discardableResult
    public mutating func redo() -> State? {
        guard let next = future.popLast() else { return nil }
        past.append(current)
        current = next
        return next
    }

    /// Leaving edit mode: the history goes, the state stays.
    public mutating func clear() {
        past.removeAll()
        future.removeAll()
    }
}

import Foundation
import Spots
import Synchronization

/// Each account's active place reminders in a spatial index (R6), built on first use and
/// dropped when the account's reminders change. Another instance's edits reach this one
/// within `lifetime` (the index is rebuilt from the database then).
final class FenceCache: Sendable {
    /// The index holds each reminder's fence under the reminder's id: imported places may
    /// share a fence id (one location UID in several to-dos), reminder ids never do.
    struct Entry: Sendable {
        let index: FenceIndex
        /// Reminder id (= its fence's id in the index) → the reminder.
        let reminders: [UUID: Reminder]
        let loadedAt: ContinuousClock.Instant

        func fence(of reminderID: UUID) -> Fence? { index.fence(id: reminderID) }
    }

    private let entries = Mutex<[UUID: Entry]>([:])
    let lifetime: Duration

    init(lifetime: Duration = .seconds(5)) { self.lifetime = lifetime }

    func entry(accountID: UUID, load: () async throws -> [Reminder]) async throws -> Entry {
        if let cached = entries.withLock({ $0[accountID] }), ContinuousClock.now - cached.loadedAt < lifetime { return cached }
        let active = try await load().filter { $0.place != nil && !$0.isComplete }
        let fences = active.compactMap { reminder in
            reminder.place.flatMap { try? Fence(id: reminder.id, center: $0.fence.center, radius: $0.fence.radius, trigger: $0.fence.trigger) }
        }
        let entry = Entry(index: FenceIndex(fences), reminders: Dictionary(active.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                          loadedAt: .now)
        entries.withLock { $0[accountID] = entry }
        return entry
    }

    func invalidate(accountID: UUID) { _ = entries.withLock { $0.removeValue(forKey: accountID) } }
}

import Foundation
import Synchronization

/// The iCalendar text of resources already served, by list and name, with the ETag it was made for. A client's sync
/// reads every task of a list; rendering each again (decoding the reminders, writing the VTODOs) was most of a
/// multiget's time. An entry is only used while its ETag is the resource's current one (ETags are unique within a
/// list's life), so another instance's write can never be served stale: it changes the ETag.
final class CalendarTextCache: Sendable {
    struct Entry: Sendable {
        let etag: String
        let text: String
        let modifiedAt: Date
    }

    /// About 400 bytes a task: some 40 MB at most.
    static let capacity = 100_000

    /// A resource of a list (a struct, not a string: a full sync looks up 10,000 of them).
    private struct Key: Hashable {
        let list: UUID
        let name: String
    }

    private let entries = Mutex<[Key: Entry]>([:])

    func lookup(list: UUID, name: String, etag: String) -> Entry? {
        entries.withLock { $0[Key(list: list, name: name)] }.flatMap { $0.etag == etag ? $0 : nil }
    }

    func store(_ entry: Entry, list: UUID, name: String) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }  // rare; refilled as clients read
            entries[Key(list: list, name: name)] = entry
        }
    }
}

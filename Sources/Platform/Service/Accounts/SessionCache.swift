import CadenceCore
import Foundation
import Synchronization

/// Remembers recently resolved session tokens so an authenticated read needs no
/// database round trip (the pool and thread hop cost more than the rest of a
/// request together). Every revocation made through this process removes its
/// entries at once; an entry also expires after `ttl`, which bounds how long a
/// revocation made elsewhere (the CLI, another process) takes to be seen.
public final class SessionCache: Sendable {
    private struct Entry {
        let account: Account
        let session: SessionRecord
        let expires: Date
    }

    public let ttl: TimeInterval
    public let capacity: Int
    /// The app's clock, so tests that move time move the cache's too.
    public let clock: any WallClock
    private let entries = Mutex<[String: Entry]>([:])

    public init(ttl: TimeInterval, clock: any WallClock, capacity: Int = 100_000) {
        self.ttl = ttl
        self.clock = clock
        self.capacity = capacity
    }

    public func lookup(tokenHash: String) -> (account: Account, session: SessionRecord)? {
        let now = clock.now()
        return entries.withLock { entries in
            guard let entry = entries[tokenHash] else { return nil }
            guard entry.expires > now else {
                entries[tokenHash] = nil
                return nil
            }
            return (entry.account, entry.session)
        }
    }

    public func store(tokenHash: String, account: Account, session: SessionRecord) {
        let entry = Entry(account: account, session: session, expires: clock.now().addingTimeInterval(ttl))
        entries.withLock { entries in
            // Bounded: past capacity, start over rather than track recency on every read.
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[tokenHash] = entry
        }
    }

    /// The account's sessions see its new settings without signing in again.
    public func replaceAccount(_ account: Account) {
        entries.withLock { entries in
            for (hash, entry) in entries where entry.account.id == account.id {
                entries[hash] = Entry(account: account, session: entry.session, expires: entry.expires)
            }
        }
    }

    public func remove(sessionID: UUID) {
        entries.withLock { entries in entries = entries.filter { $0.value.session.id != sessionID } }
    }

    public func removeAll(accountID: UUID, keeping: UUID? = nil) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.account.id != accountID || $0.value.session.id == keeping }
        }
    }
}

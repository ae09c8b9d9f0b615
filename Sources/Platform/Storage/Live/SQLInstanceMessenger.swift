import Foundation
import PlatformService
import Storage

/// PostgreSQL's NOTIFY on the `cadence_live` channel (LiveListener hears it on every instance); SQLite serves
/// one instance, so there it sends nothing.
public struct SQLInstanceMessenger: InstanceMessenger {
    let database: Database

    public init(database: Database) { self.database = database }

    public func tell(_ message: LiveMessage) async throws {
        guard database.notifiesOtherInstances else { return }
        try await Database.notify(LiveMessage.channel, payload: message.payload, on: database.sql)
    }
}

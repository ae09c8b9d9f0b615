import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLLiveEventRepository: LiveEventRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func append(accountID: UUID, type: String, data: String, at: Date) async throws -> LiveEvent {
        try await append(accountID: accountID, type: type, data: data, at: at, alongside: nil)
    }

    /// Appends an event, running `alongside` in the same transaction: what it records lands if and only if the
    /// event does (a time alert's "fired" mark), and it may throw to cancel both. With PostgreSQL the other
    /// instances are notified from inside the transaction, so NOTIFY is delivered exactly when the event commits.
    public func append(
        accountID: UUID, type: String, data: String, at: Date,
        alongside: (@Sendable (any SQLDatabase) async throws -> Void)?
    ) async throws -> LiveEvent {
        let account = accountID.uuidString
        let notify = database.notifiesOtherInstances
        return try await database.transaction { sql in
            try await sql.raw("INSERT INTO live_sequences (account_id, seq) VALUES (\(bind: account), 0) ON CONFLICT (account_id) DO NOTHING").run()
            guard let row = try await sql.raw("UPDATE live_sequences SET seq = seq + 1 WHERE account_id = \(bind: account) RETURNING seq").first() else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no sequence row for \(account)"))
            }
            let event = LiveEvent(accountID: accountID, seq: try row.decode(column: "seq", as: Int64.self), type: type,
                                  at: at.millisecondsSince1970, data: data)
            try await sql.insert(into: "live_events").columns("account_id", "seq", "type", "at", "data")
                .values(SQLBind(account), SQLBind(event.seq), SQLBind(type), SQLBind(event.at), SQLBind(data)).run()
            try await alongside?(sql)
            if notify {
                try await Database.notify(LiveMessage.channel, payload: LiveMessage.event(accountID, event.seq).payload, on: sql)
            }
            return event
        }
    }

    public func event(accountID: UUID, seq: Int64) async throws -> LiveEvent? {
        try await database.sql.select().columns("seq", "type", "at", "data").from("live_events")
            .where("account_id", .equal, accountID.uuidString).where("seq", .equal, seq)
            .first().map { try Self.event($0, accountID: accountID) }
    }

    public func events(accountID: UUID, after seq: Int64, limit: Int) async throws -> [LiveEvent] {
        try await database.sql.select().columns("seq", "type", "at", "data").from("live_events")
            .where("account_id", .equal, accountID.uuidString).where("seq", .greaterThan, seq)
            .orderBy("seq").limit(limit).all().map { try Self.event($0, accountID: accountID) }
    }

    public func bounds(accountID: UUID) async throws -> (latest: Int64, oldestKept: Int64?) {
        let latest = try await database.sql.select().column("seq").from("live_sequences")
            .where("account_id", .equal, accountID.uuidString).first()
            .map { try $0.decode(column: "seq", as: Int64.self) } ?? 0
        let oldest = try await database.sql.raw("SELECT MIN(seq) AS oldest FROM live_events WHERE account_id = \(bind: accountID.uuidString)")
            .first().flatMap { try $0.decode(column: "oldest", as: Int64?.self) }
        return (latest, oldest)
    }

    public func latest(accountID: UUID, types: [String]) async throws -> LiveEvent? {
        try await database.sql.select().columns("seq", "type", "at", "data").from("live_events")
            .where("account_id", .equal, accountID.uuidString).where("type", .in, types)
            .orderBy("seq", .descending).limit(1).first().map { try Self.event($0, accountID: accountID) }
    }

    public func prune(olderThan: Date) async throws {
        try await database.sql.delete(from: "live_events").where("at", .lessThan, olderThan.millisecondsSince1970).run()
        try await database.sql.delete(from: "live_commands").where("received_at", .lessThan, olderThan.millisecondsSince1970).run()
    }

    public func recordCommand(accountID: UUID, commandID: String, at: Date) async throws -> Bool {
        let rows = try await database.sql.raw("""
            INSERT INTO live_commands (account_id, command_id, received_at)
            VALUES (\(bind: accountID.uuidString), \(bind: commandID), \(bind: at.millisecondsSince1970))
            ON CONFLICT (account_id, command_id) DO NOTHING RETURNING command_id
            """).all()
        return !rows.isEmpty
    }

    static func event(_ row: any SQLRow, accountID: UUID) throws -> LiveEvent {
        LiveEvent(accountID: accountID, seq: try row.decode(column: "seq", as: Int64.self),
                  type: try row.decode(column: "type", as: String.self), at: try row.decode(column: "at", as: Int64.self),
                  data: try row.decode(column: "data", as: String.self))
    }
}

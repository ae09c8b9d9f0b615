import CadenceCore
import Foundation
import SQLKit
import Storage
import Talks
import TalksService

/// Topics, runs and casts in three tables (see `M005_Talks`); cues and run steps are small JSON documents read
/// and written whole.
public struct SQLTalkStore: TalkStore {
    let database: Database
    public init(database: Database) { self.database = database }

    public func topics(accountID: UUID) async throws -> [Topic] {
        try await database.sql.select().columns("id", "title", "duration", "cues").from("topics")
            .where("account_id", .equal, accountID.uuidString).orderBy("updated_at", .descending).all()
            .map(Self.topic)
    }

    public func topic(id: UUID, accountID: UUID) async throws -> Topic? {
        try await database.sql.select().columns("id", "title", "duration", "cues").from("topics")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .first().map(Self.topic)
    }

    public func save(_ topic: Topic, accountID: UUID, at: Date) async throws {
        let cues = try Cue.storedList.encode(topic.cues)
        let now = at.millisecondsSince1970
        // Scoped by account: an id that belongs to another account is never overwritten.
        try await database.sql.raw("""
            INSERT INTO topics (id, account_id, title, duration, cues, created_at, updated_at)
            VALUES (\(bind: topic.id.uuidString), \(bind: accountID.uuidString), \(bind: topic.title), \(bind: topic.duration),
                    \(bind: cues), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, duration = excluded.duration, cues = excluded.cues,
                updated_at = excluded.updated_at
            WHERE topics.account_id = excluded.account_id
            """).run()
    }

    public func replace(_ topic: Topic, accountID: UUID, at: Date, ifMatch: String) async throws -> Bool {
        guard let row = try await database.sql.select().columns("id", "title", "duration", "cues").from("topics")
            .where("id", .equal, topic.id.uuidString).where("account_id", .equal, accountID.uuidString).first(),
              try Self.topic(row).etag == ifMatch else { return false }
        // Compare and swap: the row is written only while it still holds what was checked, so of two writes from
        // the same version exactly one lands.
        let cues = try Cue.storedList.encode(topic.cues)
        let written = try await database.sql.update("topics")
            .set("title", to: topic.title).set("duration", to: topic.duration).set("cues", to: cues)
            .set("updated_at", to: at.millisecondsSince1970)
            .where("id", .equal, topic.id.uuidString).where("account_id", .equal, accountID.uuidString)
            .where("title", .equal, try row.decode(column: "title", as: String.self))
            .where("duration", .equal, try row.decode(column: "duration", as: Int.self))
            .where("cues", .equal, try row.decode(column: "cues", as: String.self))
            .returning("id").all()
        return !written.isEmpty
    }

    public func deleteTopic(id: UUID, accountID: UUID) async throws -> Bool {
        let rows = try await database.sql.delete(from: "topics")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()
        return !rows.isEmpty
    }

    public func run(id: UUID, accountID: UUID) async throws -> StoredRun? {
        try await database.sql.select().columns("id", "topic_id", "run", "created_at").from("talk_runs")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first()
            .map(Self.storedRun)
    }

    public func saveRun(_ stored: StoredRun, accountID: UUID, at: Date) async throws {
        let (id, topicID) = (stored.id, stored.topicID)
        let text = try TalkRun.storedShape.encode(stored.run)
        let now = at.millisecondsSince1970
        try await database.sql.raw("""
            INSERT INTO talk_runs (id, account_id, topic_id, run, created_at, updated_at)
            VALUES (\(bind: id.uuidString), \(bind: accountID.uuidString), \(bind: topicID.uuidString), \(bind: text), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET run = excluded.run, updated_at = excluded.updated_at
            WHERE talk_runs.account_id = excluded.account_id
            """).run()
    }

    public func runs(topicID: UUID, accountID: UUID) async throws -> [StoredRun] {
        try await database.sql.select().columns("id", "topic_id", "run", "created_at").from("talk_runs")
            .where("topic_id", .equal, topicID.uuidString).where("account_id", .equal, accountID.uuidString)
            .orderBy("created_at", .descending).all()
            .map(Self.storedRun)
    }

    public func runsChanged(since: Date) async throws -> [AccountRun] {
        try await database.sql.select().columns("id", "account_id", "topic_id", "run", "created_at").from("talk_runs")
            .where("updated_at", .greaterThanOrEqual, since.millisecondsSince1970).orderBy("updated_at").all()
            .map { AccountRun(accountID: try $0.decodeUUID(column: "account_id"), run: try Self.storedRun($0)) }
    }

    public func claimWristCue(runID: UUID, moment: String, at: Date) async throws -> Bool {
        !(try await database.sql.raw("""
            INSERT INTO talk_wrist_cues (run_id, moment, claimed_at)
            VALUES (\(bind: runID.uuidString), \(bind: moment), \(bind: at.millisecondsSince1970))
            ON CONFLICT (run_id, moment) DO NOTHING RETURNING moment
            """).all()).isEmpty
    }

    public func cast(accountID: UUID) async throws -> TalkCast? {
        guard let row = try await database.sql.select().columns("topic_id", "run_id").from("talk_casts")
            .where("account_id", .equal, accountID.uuidString).first()
        else { return nil }
        return TalkCast(topicID: try row.decodeUUID(column: "topic_id"),
                        runID: try row.decode(column: "run_id", as: String?.self).flatMap(UUID.init(uuidString:)))
    }

    public func setCast(_ cast: TalkCast?, accountID: UUID, at: Date) async throws {
        guard let cast else {
            try await database.sql.delete(from: "talk_casts").where("account_id", .equal, accountID.uuidString).run()
            return
        }
        try await database.sql.raw("""
            INSERT INTO talk_casts (account_id, topic_id, run_id, cast_at)
            VALUES (\(bind: accountID.uuidString), \(bind: cast.topicID.uuidString), \(bind: cast.runID?.uuidString), \(bind: at.millisecondsSince1970))
            ON CONFLICT (account_id) DO UPDATE SET topic_id = excluded.topic_id, run_id = excluded.run_id, cast_at = excluded.cast_at
            """).run()
    }

    static func topic(_ row: any SQLRow) throws -> Topic {
        let cues = try Cue.storedList.decode(try row.decode(column: "cues", as: String.self))
        return try Topic(id: try row.decodeUUID(column: "id"), title: try row.decode(column: "title", as: String.self),
                         duration: try row.decode(column: "duration", as: Int.self), cues: cues)
    }

    static func storedRun(_ row: any SQLRow) throws -> StoredRun {
        StoredRun(id: try row.decodeUUID(column: "id"), topicID: try row.decodeUUID(column: "topic_id"),
                  run: try TalkRun.storedShape.decode(try row.decode(column: "run", as: String.self)),
                  createdAt: Date(millisecondsSince1970: try row.decode(column: "created_at", as: Int64.self)))
    }
}

import CadenceCore
import Foundation
import SQLKit
import Stage
import StageService
import Storage

public struct SQLStageJobStore: StageJobStore {
    let database: Database
    public init(database: Database) { self.database = database }

    public func saveImport(_ job: ImportJob, accountID: UUID, at: Date) async throws {
        let now = at.millisecondsSince1970
        try await database.sql.raw("""
            INSERT INTO stage_imports (id, account_id, filename, state, fraction, stage, message, talk_id, created_at, updated_at)
            VALUES (\(bind: job.id.uuidString), \(bind: accountID.uuidString), \(bind: job.filename), \(bind: job.state.rawValue),
                    \(bind: job.fraction), \(bind: job.stage), \(bind: job.message), \(bind: job.talkID?.uuidString), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET state = excluded.state, fraction = excluded.fraction, stage = excluded.stage,
                message = excluded.message, talk_id = excluded.talk_id, updated_at = excluded.updated_at
            WHERE stage_imports.account_id = excluded.account_id
            """).run()
    }

    public func importJob(id: UUID, accountID: UUID) async throws -> ImportJob? {
        guard let row = try await database.sql.select()
            .columns("id", "filename", "state", "fraction", "stage", "message", "talk_id").from("stage_imports")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first()
        else { return nil }
        return ImportJob(
            id: try row.decodeUUID(column: "id"), filename: try row.decode(column: "filename", as: String.self),
            state: ImportJob.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
            fraction: try row.decode(column: "fraction", as: Double.self), stage: try row.decode(column: "stage", as: String.self),
            message: try row.decode(column: "message", as: String?.self),
            talkID: try row.decode(column: "talk_id", as: String?.self).flatMap(UUID.init(uuidString:)))
    }

    public func failAbandonedImports(updatedBefore: Date, message: String, at: Date) async throws {
        try await database.sql.update("stage_imports").set("state", to: ImportJob.State.failed.rawValue)
            .set("stage", to: "Failed").set("message", to: message).set("updated_at", to: at.millisecondsSince1970)
            .where("state", .equal, ImportJob.State.running.rawValue)
            .where("updated_at", .lessThanOrEqual, updatedBefore.millisecondsSince1970).run()
    }

    public func saveLog(id: UUID, talkID: UUID?, log: PresentationLog, accountID: UUID) async throws {
        try await database.sql.insert(into: "stage_logs")
            .columns("id", "account_id", "talk_id", "talk_title", "started_at", "duration_ms", "log")
            .values(SQLBind(id.uuidString), SQLBind(accountID.uuidString), SQLBind(talkID?.uuidString), SQLBind(log.talkTitle),
                    SQLBind(log.startedAt), SQLBind(log.durationMs), SQLBind(try SQLStageStore.json(log)))
            .run()
    }

    public func logs(accountID: UUID) async throws -> [(id: UUID, log: PresentationLog)] {
        try await database.sql.select().columns("id", "log").from("stage_logs")
            .where("account_id", .equal, accountID.uuidString).orderBy("started_at", .descending).all()
            .map { row in (try row.decodeUUID(column: "id"), try SQLStageStore.decodeJSON(PresentationLog.self, row, column: "log")) }
    }

    public func log(id: UUID, accountID: UUID) async throws -> PresentationLog? {
        try await database.sql.select().column("log").from("stage_logs")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first()
            .map { try SQLStageStore.decodeJSON(PresentationLog.self, $0, column: "log") }
    }
}

import CadenceCore
import DeckImport
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
            INSERT INTO stage_imports (id, account_id, filename, state, fraction, stage, stage_key, message, message_keys, talk_id,
                                       created_at, updated_at)
            VALUES (\(bind: job.id.uuidString), \(bind: accountID.uuidString), \(bind: job.filename), \(bind: job.state.rawValue),
                    \(bind: job.fraction), \(bind: job.stage), \(bind: try job.stageKey.map(SQLStageStore.json)), \(bind: job.message),
                    \(bind: try SQLStageStore.json(job.messageKeys)), \(bind: job.talkID?.uuidString), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET state = excluded.state, fraction = excluded.fraction, stage = excluded.stage,
                stage_key = excluded.stage_key, message = excluded.message, message_keys = excluded.message_keys,
                talk_id = excluded.talk_id, updated_at = excluded.updated_at
            WHERE stage_imports.account_id = excluded.account_id
            """).run()
    }

    public func importJob(id: UUID, accountID: UUID) async throws -> ImportJob? {
        guard let row = try await database.sql.select()
            .columns("id", "filename", "state", "fraction", "stage", "stage_key", "message", "message_keys", "talk_id").from("stage_imports")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first()
        else { return nil }
        return ImportJob(
            id: try row.decodeUUID(column: "id"), filename: try row.decode(column: "filename", as: String.self),
            state: ImportJob.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
            fraction: try row.decode(column: "fraction", as: Double.self), stage: try row.decode(column: "stage", as: String.self),
            stageKey: try row.decode(column: "stage_key", as: String?.self).flatMap { try? JSONDecoder().decode(MessageKey.self, from: Data($0.utf8)) },
            message: try row.decode(column: "message", as: String?.self),
            messageKeys: try row.decode(column: "message_keys", as: String?.self)
                .flatMap { try? JSONDecoder().decode([MessageKey].self, from: Data($0.utf8)) } ?? [],
            talkID: try row.decode(column: "talk_id", as: String?.self).flatMap(UUID.init(uuidString:)))
    }

    public func failAbandonedImports(updatedBefore: Date, message: String, messageKey: MessageKey, at: Date) async throws {
        try await database.sql.update("stage_imports").set("state", to: ImportJob.State.failed.rawValue)
            .set("stage", to: ImportStage.failed.english).set("stage_key", to: try SQLStageStore.json(MessageKey(ImportStage.failed.key)))
            .set("message", to: message).set("message_keys", to: try SQLStageStore.json([messageKey]))
            .set("updated_at", to: at.millisecondsSince1970)
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

import Foundation
import SQLKit
import Stage

/// Variations of talks (S6) and which one each talk presents, scoped to the account.
public protocol StageVariationRepository: Sendable {
    /// The talk's variations, the original first (there even before it has a row).
    func variations(talkID: UUID, accountID: UUID) async throws -> [TalkVariation]
    func variation(id: UUID, talkID: UUID, accountID: UUID) async throws -> TalkVariation?
    /// Saves a variation made or edited on `revision` (its revision before the edit); `false` when
    /// someone saved it since (a conflict). A new variation is saved with revision 0.
    func saveVariation(_ variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool
    func deleteVariation(id: UUID, talkID: UUID, accountID: UUID) async throws -> Bool
    /// The variation the talk presents now (its original when none was chosen).
    func activeVariationID(talkID: UUID, accountID: UUID) async throws -> UUID
    func setActiveVariation(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws
}

extension SQLStageRepository: StageVariationRepository {
    public func variations(talkID: UUID, accountID: UUID) async throws -> [TalkVariation] {
        let rows = try await database.sql.select().columns("id", "talk_id", "name", "edits", "revision").from("stage_variations")
            .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString)
            .orderBy("created_at").orderBy("id").all().map(Self.variation)
        let original = rows.first { $0.isOriginal } ?? TalkVariation.original(of: talkID)
        return [original] + rows.filter { !$0.isOriginal }
    }

    public func variation(id: UUID, talkID: UUID, accountID: UUID) async throws -> TalkVariation? {
        if let row = try await database.sql.select().columns("id", "talk_id", "name", "edits", "revision").from("stage_variations")
            .where("id", .equal, id.uuidString).where("talk_id", .equal, talkID.uuidString)
            .where("account_id", .equal, accountID.uuidString).first() {
            return try Self.variation(row)
        }
        return id == talkID ? TalkVariation.original(of: talkID) : nil
    }

    public func saveVariation(_ variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool {
        let now = at.millisecondsSince1970
        let edits = try Self.json(variation.edits)
        // Insert at revision 1 when there is no row yet (a new variation, or the original's first edit);
        // otherwise update only if nobody saved since `variation.revision`.
        let saved = try await database.sql.raw("""
            INSERT INTO stage_variations (id, account_id, talk_id, name, edits, revision, created_at, updated_at)
            SELECT \(bind: variation.id.uuidString), \(bind: accountID.uuidString), \(bind: variation.talkID.uuidString),
                   \(bind: variation.name), \(bind: edits), 1, \(bind: now), \(bind: now)
            WHERE \(bind: variation.revision) = 0 AND EXISTS (
                SELECT 1 FROM stage_talks WHERE id = \(bind: variation.talkID.uuidString) AND account_id = \(bind: accountID.uuidString))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, edits = excluded.edits,
                revision = stage_variations.revision + 1, updated_at = excluded.updated_at
            WHERE stage_variations.account_id = excluded.account_id AND stage_variations.revision = 0
            RETURNING id
            """).all()
        if !saved.isEmpty { return true }
        guard variation.revision > 0 else { return false }
        return !(try await database.sql.raw("""
            UPDATE stage_variations SET name = \(bind: variation.name), edits = \(bind: edits), revision = revision + 1,
                updated_at = \(bind: now)
            WHERE id = \(bind: variation.id.uuidString) AND account_id = \(bind: accountID.uuidString)
                AND revision = \(bind: variation.revision)
            RETURNING id
            """).all()).isEmpty
    }

    public func deleteVariation(id: UUID, talkID: UUID, accountID: UUID) async throws -> Bool {
        try await database.transaction { sql in
            let deleted = try await sql.delete(from: "stage_variations").where("id", .equal, id.uuidString)
                .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString)
                .returning("id").all()
            guard !deleted.isEmpty else { return false }
            // A talk presenting the deleted variation falls back to its original.
            try await sql.delete(from: "stage_active_variations").where("talk_id", .equal, talkID.uuidString)
                .where("variation_id", .equal, id.uuidString).run()
            return true
        }
    }

    public func activeVariationID(talkID: UUID, accountID: UUID) async throws -> UUID {
        try await database.sql.select().column("variation_id").from("stage_active_variations")
            .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString).first()
            .map { try $0.decodeUUID(column: "variation_id") } ?? talkID
    }

    public func setActiveVariation(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws {
        try await database.sql.raw("""
            INSERT INTO stage_active_variations (talk_id, account_id, variation_id)
            SELECT \(bind: talkID.uuidString), \(bind: accountID.uuidString), \(bind: variationID.uuidString)
            WHERE EXISTS (SELECT 1 FROM stage_talks WHERE id = \(bind: talkID.uuidString) AND account_id = \(bind: accountID.uuidString))
            ON CONFLICT (talk_id) DO UPDATE SET variation_id = excluded.variation_id
            WHERE stage_active_variations.account_id = excluded.account_id
            """).run()
    }

    static func variation(_ row: any SQLRow) throws -> TalkVariation {
        try TalkVariation(id: try row.decodeUUID(column: "id"), talkID: try row.decodeUUID(column: "talk_id"),
                          name: try row.decode(column: "name", as: String.self),
                          edits: try decodeJSON(TalkEdits.self, row, column: "edits"),
                          revision: try row.decode(column: "revision", as: Int.self))
    }
}

import Foundation
import SQLKit
import Stage
import StageService
import Storage

extension SQLStageStore: StageVariationStore {
    typealias EditedNotes = [UUID: [String: String]]

    public func variations(talkID: UUID, accountID: UUID) async throws -> [TalkVariation] {
        let rows = try await database.sql.select().columns("id", "talk_id", "name", "edits", "revision").from("stage_variations")
            .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString)
            .orderBy("created_at").orderBy("id").all()
        let notes = try await Self.notes(
            database.sql.select().where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString))
        let variations = try rows.map { try Self.variation($0, notes: notes) }
        let original = variations.first { $0.isOriginal } ?? TalkVariation.original(of: talkID)
        return [original] + variations.filter { !$0.isOriginal }
    }

    public func variation(id: UUID, talkID: UUID, accountID: UUID) async throws -> TalkVariation? {
        if let row = try await database.sql.select().columns("id", "talk_id", "name", "edits", "revision").from("stage_variations")
            .where("id", .equal, id.uuidString).where("talk_id", .equal, talkID.uuidString)
            .where("account_id", .equal, accountID.uuidString).first() {
            let notes = try await Self.notes(
                database.sql.select().where("variation_id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString))
            return try Self.variation(row, notes: notes)
        }
        return id == talkID ? TalkVariation.original(of: talkID) : nil
    }

    public func saveVariation(_ variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool {
        try await database.transaction { sql in
            guard try await Self.writeRow(variation, edits: variation.edits, accountID: accountID, at: at, on: sql) else { return false }
            try await Self.replaceNotes(of: variation, with: variation.edits.notes, accountID: accountID, on: sql)
            return true
        }
    }

    public func saveNotes(_ notes: String?, slideID: UUID, language: String, variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool {
        try await database.transaction { sql in
            if variation.revision == 0 {
                // The original's first edit: its row is made here, with the edits it had (none).
                guard try await Self.writeRow(variation, edits: TalkEdits(), accountID: accountID, at: at, on: sql) else { return false }
            } else {
                let bumped = try await sql.raw("""
                    UPDATE stage_variations SET revision = revision + 1, updated_at = \(bind: at.millisecondsSince1970)
                    WHERE id = \(bind: variation.id.uuidString) AND account_id = \(bind: accountID.uuidString)
                        AND revision = \(bind: variation.revision)
                    RETURNING id
                    """).all()
                guard !bumped.isEmpty else { return false }
            }
            try await Self.writeNotes(notes, slideID: slideID, language: language, variation: variation, accountID: accountID, on: sql)
            return true
        }
    }

    public func deleteVariation(id: UUID, talkID: UUID, accountID: UUID) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.delete(from: "stage_variation_notes").where("variation_id", .equal, id.uuidString)
                .where("account_id", .equal, accountID.uuidString).run()
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

    // MARK: Rows

    /// Inserts the variation's row at revision 1 when it has none yet (a new variation, or the
    /// original's first edit), else updates it only if nobody saved since `variation.revision`.
    /// The edit set is stored without its notes, which have rows of their own.
    private static func writeRow(_ variation: TalkVariation, edits: TalkEdits, accountID: UUID, at: Date, on sql: any SQLDatabase) async throws -> Bool {
        let now = at.millisecondsSince1970
        var stored = edits
        stored.notes = [:]
        let json = try json(stored)
        let inserted = try await sql.raw("""
            INSERT INTO stage_variations (id, account_id, talk_id, name, edits, revision, created_at, updated_at)
            SELECT \(bind: variation.id.uuidString), \(bind: accountID.uuidString), \(bind: variation.talkID.uuidString),
                   \(bind: variation.name), \(bind: json), 1, \(bind: now), \(bind: now)
            WHERE \(bind: variation.revision) = 0 AND EXISTS (
                SELECT 1 FROM stage_talks WHERE id = \(bind: variation.talkID.uuidString) AND account_id = \(bind: accountID.uuidString))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, edits = excluded.edits,
                revision = stage_variations.revision + 1, updated_at = excluded.updated_at
            WHERE stage_variations.account_id = excluded.account_id AND stage_variations.revision = 0
            RETURNING id
            """).all()
        if !inserted.isEmpty { return true }
        guard variation.revision > 0 else { return false }
        return !(try await sql.raw("""
            UPDATE stage_variations SET name = \(bind: variation.name), edits = \(bind: json), revision = revision + 1,
                updated_at = \(bind: now)
            WHERE id = \(bind: variation.id.uuidString) AND account_id = \(bind: accountID.uuidString)
                AND revision = \(bind: variation.revision)
            RETURNING id
            """).all()).isEmpty
    }

    /// Makes the variation's notes rows say `notes`, writing only the ones that differ.
    private static func replaceNotes(of variation: TalkVariation, with notes: EditedNotes, accountID: UUID, on sql: any SQLDatabase) async throws {
        let stored = try await Self.notes(
            sql.select().where("variation_id", .equal, variation.id.uuidString).where("account_id", .equal, accountID.uuidString)
        )[variation.id] ?? [:]
        let languagesBySlide = Set(stored.keys).union(notes.keys)
        for slideID in languagesBySlide {
            let old = stored[slideID] ?? [:], new = notes[slideID] ?? [:]
            for language in Set(old.keys).union(new.keys) where old[language] != new[language] {
                try await writeNotes(new[language], slideID: slideID, language: language, variation: variation, accountID: accountID, on: sql)
            }
        }
    }

    private static func writeNotes(_ notes: String?, slideID: UUID, language: String, variation: TalkVariation, accountID: UUID,
                                   on sql: any SQLDatabase) async throws {
        guard let notes else {
            try await sql.delete(from: "stage_variation_notes").where("variation_id", .equal, variation.id.uuidString)
                .where("slide_id", .equal, slideID.uuidString).where("language", .equal, language).run()
            return
        }
        try await sql.raw("""
            INSERT INTO stage_variation_notes (variation_id, slide_id, language, talk_id, account_id, notes)
            VALUES (\(bind: variation.id.uuidString), \(bind: slideID.uuidString), \(bind: language),
                    \(bind: variation.talkID.uuidString), \(bind: accountID.uuidString), \(bind: notes))
            ON CONFLICT (variation_id, slide_id, language) DO UPDATE SET notes = excluded.notes
            """).run()
    }

    /// Edited notes by variation, slide and language, from a query already narrowed by its `where`s.
    private static func notes(_ query: SQLSelectBuilder) async throws -> [UUID: EditedNotes] {
        var found: [UUID: EditedNotes] = [:]
        for row in try await query.columns("variation_id", "slide_id", "language", "notes").from("stage_variation_notes").all() {
            found[try row.decodeUUID(column: "variation_id"), default: [:]][try row.decodeUUID(column: "slide_id"), default: [:]][
                try row.decode(column: "language", as: String.self)] = try row.decode(column: "notes", as: String.self)
        }
        return found
    }

    static func variation(_ row: any SQLRow, notes: [UUID: EditedNotes]) throws -> TalkVariation {
        let id = try row.decodeUUID(column: "id")
        var edits = try decodeJSON(TalkEdits.self, row, column: "edits")
        edits.notes = notes[id] ?? [:]
        return try TalkVariation(id: id, talkID: try row.decodeUUID(column: "talk_id"),
                                 name: try row.decode(column: "name", as: String.self), edits: edits,
                                 revision: try row.decode(column: "revision", as: Int.self))
    }
}

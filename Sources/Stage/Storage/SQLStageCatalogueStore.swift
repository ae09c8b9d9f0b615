import CadenceCore
import Foundation
import SQLKit
import StageService
import Storage

public struct SQLStageCatalogueStore: StageCatalogueStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let columns = ["file_name", "id", "sha256", "bytes", "modified_at", "title", "languages", "password_protected", "free"]

    public func records() async throws -> [CatalogueRecord] {
        try await database.sql.select().columns(Self.columns).from("stage_catalogue_entries").orderBy("file_name").all().map { row in
            CatalogueRecord(
                fileName: try row.decode(column: "file_name", as: String.self), id: try row.decode(column: "id", as: String.self),
                sha256: try row.decode(column: "sha256", as: String.self), bytes: try row.decode(column: "bytes", as: Int64.self),
                modifiedAt: try row.decode(column: "modified_at", as: Int64.self), title: try row.decode(column: "title", as: String.self),
                languages: try JSONDecoder().decode([String].self, from: Data(try row.decode(column: "languages", as: String.self).utf8)),
                passwordProtected: try row.decode(column: "password_protected", as: Int.self) != 0,
                free: try row.decode(column: "free", as: Int.self) != 0)
        }
    }

    public func saveRecord(_ record: CatalogueRecord, at: Date) async throws {
        let languages = String(decoding: try JSONEncoder().encode(record.languages), as: UTF8.self)
        try await database.sql.raw("""
            INSERT INTO stage_catalogue_entries (file_name, id, sha256, bytes, modified_at, title, languages, password_protected, free, added_at)
            VALUES (\(bind: record.fileName), \(bind: record.id), \(bind: record.sha256), \(bind: record.bytes), \(bind: record.modifiedAt),
                    \(bind: record.title), \(bind: languages), \(bind: record.passwordProtected ? 1 : 0), \(bind: record.free ? 1 : 0),
                    \(bind: at.millisecondsSince1970))
            ON CONFLICT (file_name) DO UPDATE SET id = excluded.id, sha256 = excluded.sha256, bytes = excluded.bytes,
                modified_at = excluded.modified_at, title = excluded.title, languages = excluded.languages,
                password_protected = excluded.password_protected,
                free = CASE WHEN excluded.free = 1 THEN 1 ELSE stage_catalogue_entries.free END
            """).run()
    }

    public func addCodes(_ codeHashes: [String], fileName: String, at: Date) async throws {
        try await database.transaction { sql in
            for hash in codeHashes {
                try await sql.raw("""
                    INSERT INTO stage_activation_codes (code_hash, redeemed_by, redeemed_at, created_at)
                    VALUES (\(bind: hash), NULL, NULL, \(bind: at.millisecondsSince1970)) ON CONFLICT (code_hash) DO NOTHING
                    """).run()
                try await sql.raw("""
                    INSERT INTO stage_activation_code_entries (code_hash, file_name) VALUES (\(bind: hash), \(bind: fileName))
                    ON CONFLICT (code_hash, file_name) DO NOTHING
                    """).run()
            }
        }
    }

    public func codeCounts() async throws -> [String: (codes: Int, redeemed: Int)] {
        let rows = try await database.sql.raw("""
            SELECT ce.file_name, c.redeemed_by FROM stage_activation_code_entries ce
            JOIN stage_activation_codes c ON c.code_hash = ce.code_hash
            """).all()
        var counts: [String: (codes: Int, redeemed: Int)] = [:]
        for row in rows {
            let name = try row.decode(column: "file_name", as: String.self)
            let redeemed = try row.decodeNil(column: "redeemed_by") ? 0 : 1
            let old = counts[name] ?? (0, 0)
            counts[name] = (old.codes + 1, old.redeemed + redeemed)
        }
        return counts
    }

    public func redeem(codeHash: String, accountID: UUID, at: Date) async throws -> CodeRedemption {
        let account = accountID.uuidString
        return try await database.transaction { sql in
            let claimed = try await sql.raw("""
                UPDATE stage_activation_codes SET redeemed_by = \(bind: account),
                    redeemed_at = COALESCE(redeemed_at, \(bind: at.millisecondsSince1970))
                WHERE code_hash = \(bind: codeHash) AND (redeemed_by IS NULL OR redeemed_by = \(bind: account))
                RETURNING code_hash
                """).all()
            if claimed.isEmpty {
                let known = try await sql.select().column("code_hash").from("stage_activation_codes")
                    .where("code_hash", .equal, codeHash).first()
                return known == nil ? .unknown : .usedByAnotherAccount
            }
            let names = try await sql.select().column("file_name").from("stage_activation_code_entries")
                .where("code_hash", .equal, codeHash).orderBy("file_name").all()
                .map { try $0.decode(column: "file_name", as: String.self) }
            return .unlocked(names)
        }
    }

    public func unlockedFileNames(accountID: UUID) async throws -> Set<String> {
        Set(try await database.sql.raw("""
            SELECT DISTINCT ce.file_name FROM stage_activation_code_entries ce
            JOIN stage_activation_codes c ON c.code_hash = ce.code_hash
            WHERE c.redeemed_by = \(bind: accountID.uuidString)
            """).all().map { try $0.decode(column: "file_name", as: String.self) })
    }

    public func recordInstall(entryID: String, seriesID: UUID, accountID: UUID, at: Date) async throws {
        try await database.sql.raw("""
            INSERT INTO stage_catalogue_installs (series_id, account_id, entry_id, installed_at)
            SELECT s.id, s.account_id, \(bind: entryID), \(bind: at.millisecondsSince1970) FROM stage_series s
            WHERE s.id = \(bind: seriesID.uuidString) AND s.account_id = \(bind: accountID.uuidString)
            ON CONFLICT (series_id) DO NOTHING
            """).run()
    }

    public func installedEntryIDs(accountID: UUID) async throws -> Set<String> {
        Set(try await database.sql.select().column("entry_id").from("stage_catalogue_installs")
            .where("account_id", .equal, accountID.uuidString).all()
            .map { try $0.decode(column: "entry_id", as: String.self) })
    }
}

import CadenceCore
import Foundation
import SQLKit
import Stage
import StageService
import Storage

public struct SQLStageStore: StageStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()

    // MARK: Series

    public func allSeries(accountID: UUID) async throws -> [SeriesSummary] {
        let account = accountID.uuidString
        let rows = try await database.sql.raw("""
            SELECT s.id, s.title, s.slide_languages, s.notes_languages, s.slide_language, s.notes_language, s.is_demo,
                   (SELECT COUNT(*) FROM stage_talks t WHERE t.series_id = s.id) AS talk_count,
                   (SELECT COUNT(*) FROM stage_slides sl JOIN stage_talks t ON sl.talk_id = t.id WHERE t.series_id = s.id) AS slide_count,
                   (SELECT CAST(COALESCE(SUM(a.byte_size), 0) AS BIGINT) FROM stage_assets a WHERE a.series_id = s.id) AS bytes
            FROM stage_series s WHERE s.account_id = \(bind: account) ORDER BY s.is_demo, s.created_at
            """).all()
        return try rows.map { row in
            SeriesSummary(series: try Self.series(row), talkCount: try row.decode(column: "talk_count", as: Int.self),
                          slideCount: try row.decode(column: "slide_count", as: Int.self),
                          bytes: try row.decode(column: "bytes", as: Int64.self))
        }
    }

    public func series(id: UUID, accountID: UUID) async throws -> Series? {
        try await database.sql.select().columns(Self.seriesColumns).from("stage_series")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .first().map(Self.series)
    }

    public func saveSeries(_ series: Series, accountID: UUID, at: Date) async throws {
        try await Self.saveSeries(series, accountID: accountID, at: at, on: database.sql)
    }

    static func saveSeries(_ series: Series, accountID: UUID, at: Date, on sql: any SQLDatabase) async throws {
        let now = at.millisecondsSince1970
        try await sql.raw("""
            INSERT INTO stage_series (id, account_id, title, slide_languages, notes_languages, slide_language, notes_language,
                                      is_demo, created_at, updated_at)
            VALUES (\(bind: series.id.uuidString), \(bind: accountID.uuidString), \(bind: series.title),
                    \(bind: try Self.json(series.slideLanguages)), \(bind: try Self.json(series.notesLanguages)),
                    \(bind: series.slideLanguage), \(bind: series.notesLanguage), \(bind: series.isDemo ? 1 : 0), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, slide_languages = excluded.slide_languages,
                notes_languages = excluded.notes_languages, slide_language = excluded.slide_language,
                notes_language = excluded.notes_language, updated_at = excluded.updated_at
            WHERE stage_series.account_id = excluded.account_id
            """).run()
    }

    public func deleteSeries(id: UUID, accountID: UUID) async throws -> [MediaAsset]? {
        try await database.transaction { sql in
            let assets = try await sql.select().columns(Self.assetColumns).from("stage_assets")
                .where("series_id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
                .all().map(Self.asset)
            let deleted = try await sql.delete(from: "stage_series")
                .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
                .returning("id").all()
            return deleted.isEmpty ? nil : assets
        }
    }

    // MARK: Talks and slides

    public func talks(seriesID: UUID, accountID: UUID) async throws -> [StageTalk] {
        try await database.sql.select().columns(Self.talkColumns).from("stage_talks")
            .where("series_id", .equal, seriesID.uuidString).where("account_id", .equal, accountID.uuidString)
            .orderBy("position").orderBy("created_at").all().map(Self.talk)
    }

    public func talk(id: UUID, accountID: UUID) async throws -> StageTalk? {
        try await database.sql.select().columns(Self.talkColumns).from("stage_talks")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .first().map(Self.talk)
    }

    public func insertTalk(_ talk: StageTalk, slides: [Slide], assets: [MediaAsset], accountID: UUID, at: Date) async throws {
        try await database.transaction { sql in
            try await Self.insertTalk(talk, slides: slides, assets: assets, accountID: accountID, at: at, on: sql)
        }
    }

    public func addAssets(_ assets: [MediaAsset], accountID: UUID, at: Date) async throws {
        try await database.transaction { sql in try await Self.insertAssets(assets, accountID: accountID, at: at, on: sql) }
    }

    public func installSeries(_ series: Series, talks: [(talk: StageTalk, slides: [Slide])], assets: [MediaAsset], accountID: UUID, at: Date) async throws {
        try await database.transaction { sql in
            try await Self.saveSeries(series, accountID: accountID, at: at, on: sql)
            for (index, entry) in talks.enumerated() {
                // The assets go in with the first talk (a talk's insert writes the assets it is given).
                try await Self.insertTalk(entry.talk, slides: entry.slides, assets: index == 0 ? assets : [], accountID: accountID, at: at, on: sql)
            }
        }
    }

    public func createDemo(_ series: Series, talk: StageTalk, slides: [Slide], assets: [MediaAsset], accountID: UUID, at: Date) async throws -> Bool {
        try await database.transaction { sql in
            let claimed = try await sql.raw("""
                INSERT INTO stage_preferences (account_id, last_talk_id, advance_method, demo_created)
                VALUES (\(bind: accountID.uuidString), NULL, \(bind: AdvanceMethod.buttons.rawValue), 1)
                ON CONFLICT (account_id) DO UPDATE SET demo_created = 1 WHERE stage_preferences.demo_created = 0
                RETURNING account_id
                """).all()
            guard !claimed.isEmpty else { return false }
            try await Self.saveSeries(series, accountID: accountID, at: at, on: sql)
            try await Self.insertTalk(talk, slides: slides, assets: assets, accountID: accountID, at: at, on: sql)
            return true
        }
    }

    static func insertTalk(_ talk: StageTalk, slides: [Slide], assets: [MediaAsset], accountID: UUID, at: Date, on sql: any SQLDatabase) async throws {
        let now = at.millisecondsSince1970, account = accountID.uuidString
        let arrangement = try Self.json(talk.arrangement), appeal = try Self.json(talk.appeal)
        let slideRows = try slides.map { [$0.id.uuidString, account, talk.id.uuidString, try Self.json($0), String(now)] }
        // The series must be the account's: a talk is never slipped into another account's series.
        guard try await sql.select().column("id").from("stage_series").where("id", .equal, talk.seriesID.uuidString)
            .where("account_id", .equal, account).first() != nil
        else { throw StageStoreError.seriesNotFound }
        try await sql.insert(into: "stage_talks")
            .columns("id", "account_id", "series_id", "title", "position", "arrangement", "appeal", "created_at", "updated_at")
            .values(SQLBind(talk.id.uuidString), SQLBind(account), SQLBind(talk.seriesID.uuidString), SQLBind(talk.title),
                    SQLBind(talk.position), SQLBind(arrangement), SQLBind(appeal), SQLBind(now), SQLBind(now))
            .run()
        try await insertAssets(assets, accountID: accountID, at: at, on: sql)
        for chunk in slideRows.chunked(by: 200) {
            let insert = sql.insert(into: "stage_slides").columns("id", "account_id", "talk_id", "slide", "created_at")
            for row in chunk {
                insert.values(SQLBind(row[0]), SQLBind(row[1]), SQLBind(row[2]), SQLBind(row[3]), SQLBind(now))
            }
            try await insert.run()
        }
    }

    static func insertAssets(_ assets: [MediaAsset], accountID: UUID, at: Date, on sql: any SQLDatabase) async throws {
        let now = at.millisecondsSince1970, account = accountID.uuidString
        // The series must be the account's; batches keep each statement under both engines' bound-parameter limits.
        for seriesID in Set(assets.map(\.seriesID)) {
            guard try await sql.select().column("id").from("stage_series").where("id", .equal, seriesID.uuidString)
                .where("account_id", .equal, account).first() != nil
            else { throw StageStoreError.seriesNotFound }
        }
        for chunk in assets.chunked(by: 200) {
            let insert = sql.insert(into: "stage_assets").columns(Self.assetColumns + ["account_id", "created_at"])
            for asset in chunk {
                insert.values(SQLBind(asset.id.uuidString), SQLBind(asset.seriesID.uuidString), SQLBind(asset.contentType),
                              SQLBind(asset.byteSize), SQLBind(asset.sha256), SQLBind(asset.width), SQLBind(asset.height),
                              SQLBind(asset.durationMs), SQLBind(asset.origin.rawValue), SQLBind(account), SQLBind(now))
            }
            try await insert.run()
        }
    }

    public func updateTalk(_ talk: StageTalk, accountID: UUID, at: Date) async throws -> Bool {
        let rows = try await database.sql.update("stage_talks")
            .set("title", to: talk.title).set("position", to: talk.position)
            .set("arrangement", to: try Self.json(talk.arrangement)).set("appeal", to: try Self.json(talk.appeal))
            .set("updated_at", to: at.millisecondsSince1970)
            .where("id", .equal, talk.id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()
        return !rows.isEmpty
    }

    public func slides(talkID: UUID, accountID: UUID) async throws -> [Slide] {
        try await database.sql.select().column("slide").from("stage_slides")
            .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString)
            .all().map(Self.slide)
    }

    public func slide(id: UUID, accountID: UUID) async throws -> Slide? {
        try await database.sql.select().column("slide").from("stage_slides")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .first().map(Self.slide)
    }

    public func slide(id: UUID, talkID: UUID, accountID: UUID) async throws -> Slide? {
        try await database.sql.select().column("slide").from("stage_slides")
            .where("id", .equal, id.uuidString).where("talk_id", .equal, talkID.uuidString)
            .where("account_id", .equal, accountID.uuidString)
            .first().map(Self.slide)
    }

    public func slideIDs(talkID: UUID, accountID: UUID) async throws -> Set<UUID> {
        Set(try await database.sql.select().column("id").from("stage_slides")
            .where("talk_id", .equal, talkID.uuidString).where("account_id", .equal, accountID.uuidString)
            .all().map { try $0.decodeUUID(column: "id") })
    }

    // MARK: Media

    public func asset(id: UUID, accountID: UUID) async throws -> MediaAsset? {
        try await database.sql.select().columns(Self.assetColumns).from("stage_assets")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .first().map(Self.asset)
    }

    public func assets(ids: [UUID], accountID: UUID) async throws -> [MediaAsset] {
        guard !ids.isEmpty else { return [] }
        var found: [MediaAsset] = []
        for chunk in ids.chunked(by: 500) {
            found += try await database.sql.select().columns(Self.assetColumns).from("stage_assets")
                .where("id", .in, chunk.map(\.uuidString)).where("account_id", .equal, accountID.uuidString)
                .all().map(Self.asset)
        }
        return found
    }

    // MARK: Preferences

    public func preferences(accountID: UUID) async throws -> StagePreferences {
        guard let row = try await database.sql.select().columns("last_talk_id", "advance_method", "screen_mode", "demo_created")
            .from("stage_preferences").where("account_id", .equal, accountID.uuidString).first()
        else { return StagePreferences() }
        return StagePreferences(
            lastTalkID: try row.decode(column: "last_talk_id", as: String?.self).flatMap(UUID.init(uuidString:)),
            advanceMethod: AdvanceMethod(rawValue: try row.decode(column: "advance_method", as: String.self)) ?? .buttons,
            screenMode: ScreenMode(rawValue: try row.decode(column: "screen_mode", as: String.self)) ?? .default,
            demoCreated: try row.decode(column: "demo_created", as: Int.self) != 0)
    }

    public func setLastTalk(_ talkID: UUID, accountID: UUID) async throws {
        try await database.sql.raw("""
            INSERT INTO stage_preferences (account_id, last_talk_id, advance_method, demo_created)
            VALUES (\(bind: accountID.uuidString), \(bind: talkID.uuidString), \(bind: AdvanceMethod.buttons.rawValue), 0)
            ON CONFLICT (account_id) DO UPDATE SET last_talk_id = excluded.last_talk_id
            """).run()
    }

    public func setAdvanceMethod(_ method: AdvanceMethod, accountID: UUID) async throws {
        try await database.sql.raw("""
            INSERT INTO stage_preferences (account_id, last_talk_id, advance_method, demo_created)
            VALUES (\(bind: accountID.uuidString), NULL, \(bind: method.rawValue), 0)
            ON CONFLICT (account_id) DO UPDATE SET advance_method = excluded.advance_method
            """).run()
    }

    public func setScreenMode(_ mode: ScreenMode, accountID: UUID) async throws {
        try await database.sql.raw("""
            INSERT INTO stage_preferences (account_id, last_talk_id, advance_method, screen_mode, demo_created)
            VALUES (\(bind: accountID.uuidString), NULL, \(bind: AdvanceMethod.buttons.rawValue), \(bind: mode.rawValue), 0)
            ON CONFLICT (account_id) DO UPDATE SET screen_mode = excluded.screen_mode
            """).run()
    }

    // MARK: Rows

    static let seriesColumns = ["id", "title", "slide_languages", "notes_languages", "slide_language", "notes_language", "is_demo"]
    static let talkColumns = ["id", "series_id", "title", "position", "arrangement", "appeal"]
    static let assetColumns = ["id", "series_id", "content_type", "byte_size", "sha256", "width", "height", "duration_ms", "origin"]

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ row: any SQLRow, column: String) throws -> T {
        try decoder.decode(T.self, from: Data(try row.decode(column: column, as: String.self).utf8))
    }

    static func series(_ row: any SQLRow) throws -> Series {
        try Series(
            id: try row.decodeUUID(column: "id"), title: try row.decode(column: "title", as: String.self),
            slideLanguages: try decodeJSON([String].self, row, column: "slide_languages"),
            notesLanguages: try decodeJSON([String].self, row, column: "notes_languages"),
            slideLanguage: try row.decode(column: "slide_language", as: String.self),
            notesLanguage: try row.decode(column: "notes_language", as: String.self),
            isDemo: try row.decode(column: "is_demo", as: Int.self) != 0)
    }

    static func talk(_ row: any SQLRow) throws -> StageTalk {
        try StageTalk(
            id: try row.decodeUUID(column: "id"), seriesID: try row.decodeUUID(column: "series_id"),
            title: try row.decode(column: "title", as: String.self), position: try row.decode(column: "position", as: Int.self),
            arrangement: try decodeJSON([SlidePlacement].self, row, column: "arrangement"),
            appeal: try decodeJSON(AppealChoice.self, row, column: "appeal"))
    }

    static func slide(_ row: any SQLRow) throws -> Slide {
        try decodeJSON(Slide.self, row, column: "slide")
    }

    static func asset(_ row: any SQLRow) throws -> MediaAsset {
        MediaAsset(
            id: try row.decodeUUID(column: "id"), seriesID: try row.decodeUUID(column: "series_id"),
            contentType: try row.decode(column: "content_type", as: String.self),
            byteSize: try row.decode(column: "byte_size", as: Int64.self), sha256: try row.decode(column: "sha256", as: String.self),
            width: try row.decode(column: "width", as: Int?.self), height: try row.decode(column: "height", as: Int?.self),
            durationMs: try row.decode(column: "duration_ms", as: Int64?.self),
            origin: MediaAsset.Origin(rawValue: try row.decode(column: "origin", as: String.self)) ?? .imported)
    }
}

import Foundation
import SQLKit
import Storage
import Tempo
import TempoService

/// Runs, their samples and the runner's profile in the tables of `M009_TempoRuns` and `M013_TempoRunImports`.
public struct SQLRunStore: RunStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let runColumns = ["id", "name", "activity", "source", "status", "plan", "playlist_id", "started_at", "ended_at",
                             "pauses", "summary", "distance_m", "duration_ms", "sample_count", "simulated", "import_report", "sensors"]
    static let sampleColumns = ["run_id", "t", "seq", "lat", "lon", "ele", "hr", "cadence", "tempo", "distance"]
    /// Rows per INSERT: 10 binds each stays far below SQLite's and PostgreSQL's bind limits.
    static let batchSize = 500

    public func createRun(_ run: RunRecord, accountID: UUID, at: Date) async throws -> Bool? {
        let now = at.millisecondsSince1970
        let pauses = try Self.encode(run.pauses)
        let created = try await database.sql.raw("""
            INSERT INTO tempo_runs (id, account_id, name, activity, source, status, plan, playlist_id, started_at, ended_at,
                                    pauses, summary, distance_m, duration_ms, sample_count, simulated, import_report, sensors, created_at, updated_at)
            VALUES (\(bind: run.id.uuidString), \(bind: accountID.uuidString), \(bind: run.name), \(bind: run.activity),
                    \(bind: run.source), \(bind: run.status.rawValue), \(bind: run.planJSON), \(bind: run.playlistID?.uuidString),
                    \(bind: run.startedAt), \(bind: run.endedAt), \(bind: pauses), \(bind: run.summaryJSON),
                    \(bind: run.distanceMeters), \(bind: run.durationMs), 0, \(bind: run.simulated ? 1 : 0), \(bind: run.importReportJSON),
                    \(bind: try Self.encode(sensors: run.sensors)), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """).all()
        if !created.isEmpty { return true }
        return try await self.run(id: run.id, accountID: accountID) == nil ? nil : false
    }

    public func run(id: UUID, accountID: UUID) async throws -> RunRecord? {
        try await database.sql.select().columns(Self.runColumns).from("tempo_runs")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first().map(Self.run)
    }

    public func runs(accountID: UUID, limit: Int) async throws -> [RunRecord] {
        try await database.sql.select().columns(Self.runColumns).from("tempo_runs")
            .where("account_id", .equal, accountID.uuidString)
            .orderBy("started_at", .descending).orderBy("id").limit(limit).all().map(Self.run)
    }

    public func saveRun(_ run: RunRecord, accountID: UUID, at: Date) async throws {
        try await database.sql.update("tempo_runs")
            .set("name", to: run.name).set("activity", to: run.activity).set("status", to: run.status.rawValue).set("ended_at", to: run.endedAt)
            .set("pauses", to: try Self.encode(run.pauses)).set("summary", to: run.summaryJSON)
            .set("distance_m", to: run.distanceMeters).set("duration_ms", to: run.durationMs)
            .set("sensors", to: SQLBind(try Self.encode(sensors: run.sensors)))
            .set("updated_at", to: at.millisecondsSince1970)
            .where("id", .equal, run.id.uuidString).where("account_id", .equal, accountID.uuidString).run()
    }

    public func deleteRun(id: UUID, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: "tempo_runs").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).returning("id").all()).isEmpty
    }

    public func addSamples(_ samples: [RunSample], runID: UUID, accountID: UUID, at: Date) async throws -> SampleMerge? {
        let run = runID.uuidString
        let account = accountID.uuidString
        return try await database.transaction { sql in
            guard try await sql.select().column("id").from("tempo_runs").where("id", .equal, run)
                .where("account_id", .equal, account).first() != nil else { return nil }
            let before = try await Self.count(run, sql)
            let rows = Self.numbered(samples)
            for start in stride(from: 0, to: rows.count, by: Self.batchSize) {
                try await Self.upsert(rows[start..<min(start + Self.batchSize, rows.count)], run: run, sql)
            }
            let after = try await Self.count(run, sql)
            try await sql.update("tempo_runs").set("sample_count", to: after).set("updated_at", to: at.millisecondsSince1970)
                .where("id", .equal, run).run()
            let added = after - before
            return SampleMerge(added: added, merged: samples.count - added)
        }
    }

    public func samples(runID: UUID, accountID: UUID) async throws -> [RunSample]? {
        guard try await run(id: runID, accountID: accountID) != nil else { return nil }
        return try await database.sql.select().columns(Self.sampleColumns).from("tempo_run_samples")
            .where("run_id", .equal, runID.uuidString).orderBy("t").orderBy("seq").all().map(Self.sample)
    }

    public func samples(runID: UUID, accountID: UUID, since: Int64) async throws -> [RunSample]? {
        guard try await run(id: runID, accountID: accountID) != nil else { return nil }
        return try await database.sql.select().columns(Self.sampleColumns).from("tempo_run_samples")
            .where("run_id", .equal, runID.uuidString).where("t", .greaterThanOrEqual, since).orderBy("t").orderBy("seq").all().map(Self.sample)
    }

    public func savePauses(_ pauses: [RunPause], runID: UUID, accountID: UUID, at: Date) async throws -> Bool {
        !(try await database.sql.update("tempo_runs").set("pauses", to: try Self.encode(pauses)).set("updated_at", to: at.millisecondsSince1970)
            .where("id", .equal, runID.uuidString).where("account_id", .equal, accountID.uuidString)
            .where("status", .equal, RunRecord.Status.recording.rawValue).returning("id").all()).isEmpty
    }

    public func plannedRunsChanged(since: Date) async throws -> [(accountID: UUID, run: RunRecord)] {
        try await database.sql.select().columns(Self.runColumns + ["account_id"]).from("tempo_runs")
            .where("updated_at", .greaterThanOrEqual, since.millisecondsSince1970)
            .where("status", .equal, RunRecord.Status.recording.rawValue).where("plan", .isNot, SQLLiteral.null)
            .orderBy("updated_at").all()
            .map { (try $0.decodeUUID(column: "account_id"), try Self.run($0)) }
    }

    public func claimWristMoment(runID: UUID, moment: String, at: Date) async throws -> Bool {
        !(try await database.sql.raw("""
            INSERT INTO tempo_run_wrist_moments (run_id, moment, claimed_at)
            VALUES (\(bind: runID.uuidString), \(bind: moment), \(bind: at.millisecondsSince1970))
            ON CONFLICT (run_id, moment) DO NOTHING RETURNING moment
            """).all()).isEmpty
    }

    public func claimHeartRateWarning(runID: UUID, at: Date, gap: TimeInterval) async throws -> Bool {
        let now = at.millisecondsSince1970
        return !(try await database.sql.raw("""
            UPDATE tempo_runs SET heart_rate_warned_at = \(bind: now)
            WHERE id = \(bind: runID.uuidString)
              AND (heart_rate_warned_at IS NULL OR heart_rate_warned_at <= \(bind: now - Int64(gap * 1000)))
            RETURNING id
            """).all()).isEmpty
    }

    public func profile(accountID: UUID) async throws -> RunnerProfileRecord {
        guard let row = try await database.sql.select().columns("weight_kg", "birth_year", "sex", "max_heart_rate").from("tempo_profiles")
            .where("account_id", .equal, accountID.uuidString).first() else { return RunnerProfileRecord() }
        return RunnerProfileRecord(weightKg: try row.decode(column: "weight_kg", as: Double?.self),
                                   birthYear: try row.decode(column: "birth_year", as: Int?.self),
                                   sex: try row.decode(column: "sex", as: String?.self),
                                   maxHeartRate: try row.decode(column: "max_heart_rate", as: Double?.self))
    }

    public func saveProfile(_ profile: RunnerProfileRecord, accountID: UUID, at: Date) async throws {
        try await database.sql.raw("""
            INSERT INTO tempo_profiles (account_id, weight_kg, birth_year, sex, max_heart_rate, updated_at)
            VALUES (\(bind: accountID.uuidString), \(bind: profile.weightKg), \(bind: profile.birthYear), \(bind: profile.sex),
                    \(bind: profile.maxHeartRate), \(bind: at.millisecondsSince1970))
            ON CONFLICT (account_id) DO UPDATE SET weight_kg = excluded.weight_kg, birth_year = excluded.birth_year,
                sex = excluded.sex, max_heart_rate = excluded.max_heart_rate, updated_at = excluded.updated_at
            """).run()
    }

    /// Each sample with its place among the samples of the same time in this call (0, 1, 2…).
    static func numbered(_ samples: [RunSample]) -> [(sample: RunSample, seq: Int)] {
        var seen: [Int64: Int] = [:]
        return samples.map { sample in
            let seq = seen[sample.time, default: 0]
            seen[sample.time] = seq + 1
            return (sample, seq)
        }
    }

    private static func upsert(_ batch: ArraySlice<(sample: RunSample, seq: Int)>, run: String, _ sql: any SQLDatabase) async throws {
        var insert = sql.insert(into: "tempo_run_samples").columns(sampleColumns)
        for (sample, seq) in batch {
            insert = insert.values([
                run, sample.time, seq, sample.latitude, sample.longitude, sample.elevation, sample.heartRate, sample.cadence,
                sample.tempo, sample.distance,
            ] as [any Encodable & Sendable])
        }
        // A field the stored moment lacks is filled in; one it has stays (so a replay changes nothing).
        try await insert.onConflict(with: ["run_id", "t", "seq"]) { update in
            var update = update
            for column in sampleColumns.dropFirst(3) {
                update = update.set(column, to: SQLFunction("COALESCE", args: SQLColumn(column, table: "tempo_run_samples"),
                                                            SQLExcludedColumn(column)))
            }
            return update
        }.run()
    }

    private static func count(_ run: String, _ sql: any SQLDatabase) async throws -> Int {
        try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("tempo_run_samples")
            .where("run_id", .equal, run).first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
    }

    private static func encode(_ pauses: [RunPause]) throws -> String {
        String(decoding: try JSONEncoder().encode(pauses), as: UTF8.self)
    }

    static func run(_ row: any SQLRow) throws -> RunRecord {
        RunRecord(
            id: try row.decodeUUID(column: "id"), name: try row.decode(column: "name", as: String.self),
            activity: try row.decode(column: "activity", as: String.self), source: try row.decode(column: "source", as: String.self),
            status: RunRecord.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .finished,
            planJSON: try row.decode(column: "plan", as: String?.self),
            playlistID: (try row.decode(column: "playlist_id", as: String?.self)).flatMap(UUID.init(uuidString:)),
            startedAt: try row.decode(column: "started_at", as: Int64.self), endedAt: try row.decode(column: "ended_at", as: Int64?.self),
            pauses: (try? JSONDecoder().decode([RunPause].self, from: Data(try row.decode(column: "pauses", as: String.self).utf8))) ?? [],
            summaryJSON: try row.decode(column: "summary", as: String?.self),
            distanceMeters: try row.decode(column: "distance_m", as: Double?.self),
            durationMs: try row.decode(column: "duration_ms", as: Int64?.self),
            sampleCount: try row.decode(column: "sample_count", as: Int.self),
            simulated: try row.decode(column: "simulated", as: Int.self) != 0,
            importReportJSON: try row.decode(column: "import_report", as: String?.self),
            sensors: (try row.decode(column: "sensors", as: String?.self))
                .flatMap { try? JSONDecoder().decode(RunSensors.self, from: Data($0.utf8)) } ?? RunSensors())
    }

    static func encode(sensors: RunSensors) throws -> String? {
        sensors.isEmpty ? nil : String(decoding: try JSONEncoder().encode(sensors), as: UTF8.self)
    }

    static func sample(_ row: any SQLRow) throws -> RunSample {
        RunSample(
            time: try row.decode(column: "t", as: Int64.self), latitude: try row.decode(column: "lat", as: Double?.self),
            longitude: try row.decode(column: "lon", as: Double?.self), elevation: try row.decode(column: "ele", as: Double?.self),
            heartRate: try row.decode(column: "hr", as: Double?.self), cadence: try row.decode(column: "cadence", as: Double?.self),
            tempo: try row.decode(column: "tempo", as: Double?.self), distance: try row.decode(column: "distance", as: Double?.self))
    }
}

import SQLKit
import Storage

/// Tempo runs (M4, M5): each run a client names with its own id (so a watch that recorded
/// offline can send it again without making a second run), its samples keyed by time (so a
/// batch sent twice, or by two devices of the same run, merges instead of repeating), and the
/// runner's profile for calories.
public let tempoRunsMigration = Migration(version: 9, name: "tempo_runs") { sql in
    try await sql.create(table: "tempo_runs")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("name", type: .text, .notNull)
        .column("activity", type: .text, .notNull)
        .column("source", type: .text, .notNull)
        .column("status", type: .text, .notNull)
        // The plan as it was when the run started (plans can change or go later).
        .column("plan", type: .text)
        .column("playlist_id", type: .text)
        .column("started_at", type: .bigint, .notNull)
        .column("ended_at", type: .bigint)
        .column("pauses", type: .text, .notNull)
        // Stats are computed when a run ends or is imported, and again if late samples arrive.
        .column("summary", type: .text)
        .column("distance_m", type: .real)
        .column("duration_ms", type: .bigint)
        .column("sample_count", type: .bigint, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("updated_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "tempo_runs_by_account").on("tempo_runs").column("account_id").column("started_at").run()
    try await sql.create(table: "tempo_run_samples")
        .column("run_id", type: .text, .notNull, .references("tempo_runs", "id", onDelete: .cascade))
        .column("t", type: .bigint, .notNull)
        .column("lat", type: .real)
        .column("lon", type: .real)
        .column("ele", type: .real)
        .column("hr", type: .real)
        .column("cadence", type: .real)
        .column("tempo", type: .real)
        .column("distance", type: .real)
        .primaryKey("run_id", "t")
        .run()
    try await sql.create(table: "tempo_profiles")
        .column("account_id", type: .text, .primaryKey(autoIncrement: false), .references("accounts", "id", onDelete: .cascade))
        .column("weight_kg", type: .real)
        .column("birth_year", type: .bigint)
        .column("sex", type: .text)
        .column("updated_at", type: .bigint, .notNull)
        .run()
}

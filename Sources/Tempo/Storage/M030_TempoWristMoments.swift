import SQLKit
import Storage

/// What a planned run has sent to the wrist (issue 37): one row per run and moment (an interval, halfway, done),
/// claimed by whichever instance inserts it first. `heart_rate_warned_at` holds back a second heart-rate warning
/// for a minute across instances; `tempo_runs` gets an index on `updated_at`, by which every instance finds the
/// runs whose pauses changed.
public let tempoWristMomentsMigration = Migration(version: 30, name: "tempo_wrist_moments") { sql in
    try await sql.create(table: "tempo_run_wrist_moments")
        .column("run_id", type: .text, .notNull, .references("tempo_runs", "id", onDelete: .cascade))
        .column("moment", type: .text, .notNull)
        .column("claimed_at", type: .bigint, .notNull)
        .primaryKey("run_id", "moment")
        .run()
    try await sql.alter(table: "tempo_runs").column("heart_rate_warned_at", type: .bigint).run()
    try await sql.create(index: "tempo_runs_by_update").on("tempo_runs").column("updated_at").run()
}

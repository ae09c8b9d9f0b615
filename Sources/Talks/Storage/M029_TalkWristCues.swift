import SQLKit
import Storage

/// The cues a run has sent to the wrist (issue 37): one row per run and moment, claimed by whichever instance
/// inserts it first, so each goes out once however many instances run and after a restart. `talk_runs` gets an
/// index on `updated_at`, by which every instance finds the runs that changed.
public let talkWristCuesMigration = Migration(version: 29, name: "talk_wrist_cues") { sql in
    try await sql.create(table: "talk_wrist_cues")
        .column("run_id", type: .text, .notNull, .references("talk_runs", "id", onDelete: .cascade))
        .column("moment", type: .text, .notNull)
        .column("claimed_at", type: .bigint, .notNull)
        .primaryKey("run_id", "moment")
        .run()
    try await sql.create(index: "talk_runs_by_update").on("talk_runs").column("updated_at").run()
}

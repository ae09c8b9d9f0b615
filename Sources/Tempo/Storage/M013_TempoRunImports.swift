import SQLKit
import Storage

/// Runs as other programs' files and the simulator make them (issue 17):
/// - `tempo_runs.simulated`: the runner simulator made the run's readings, so they are no
///   measurement (marked in the API, the pages and the exports; kept out of records);
/// - `tempo_runs.import_report`: what importing the file did (points left out, warnings), JSON;
/// - `tempo_run_samples.seq`: samples were one per moment; a file whose clock stood still has
///   several points at one time in different places, kept in the file's order by `seq` (0 for
///   every sample a device sends, so merging by time is unchanged). The table is rebuilt because
///   neither engine can change a primary key in place the same way.
public let tempoRunImportsMigration = Migration(version: 13, name: "tempo_run_imports") { sql in
    try await sql.alter(table: "tempo_runs").column("simulated", type: .int, .notNull, .default(0)).run()
    try await sql.alter(table: "tempo_runs").column("import_report", type: .text).run()
    try await sql.create(table: "tempo_run_samples_by_seq")
        .column("run_id", type: .text, .notNull, .references("tempo_runs", "id", onDelete: .cascade))
        .column("t", type: .bigint, .notNull)
        .column("seq", type: .int, .notNull)
        .column("lat", type: .real)
        .column("lon", type: .real)
        .column("ele", type: .real)
        .column("hr", type: .real)
        .column("cadence", type: .real)
        .column("tempo", type: .real)
        .column("distance", type: .real)
        .primaryKey("run_id", "t", "seq")
        .run()
    try await sql.raw("""
        INSERT INTO tempo_run_samples_by_seq (run_id, t, seq, lat, lon, ele, hr, cadence, tempo, distance)
        SELECT run_id, t, 0, lat, lon, ele, hr, cadence, tempo, distance FROM tempo_run_samples
        """).run()
    try await sql.drop(table: "tempo_run_samples").run()
    try await sql.raw("ALTER TABLE tempo_run_samples_by_seq RENAME TO tempo_run_samples").run()
}

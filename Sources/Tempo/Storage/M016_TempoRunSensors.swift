import SQLKit
import Storage

/// `tempo_runs.sensors`: where the run's readings came from (`RunSensors` as JSON; null for none).
public let tempoRunSensorsMigration = Migration(version: 16, name: "tempo_run_sensors") { sql in
    try await sql.alter(table: "tempo_runs").column("sensors", type: .text).run()
}

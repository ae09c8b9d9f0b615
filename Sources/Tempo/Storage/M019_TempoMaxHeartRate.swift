import SQLKit
import Storage

/// `tempo_profiles.max_heart_rate`: the runner's own maximum heart rate, for heart-rate zones (null: from age).
public let tempoMaxHeartRateMigration = Migration(version: 19, name: "tempo_max_heart_rate") { sql in
    try await sql.alter(table: "tempo_profiles").column("max_heart_rate", type: .real).run()
}

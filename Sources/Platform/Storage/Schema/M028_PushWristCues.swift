import SQLKit
import Storage

/// `push_subscriptions.wrist_cues`: this phone's notifications carry a running talk's cues and a run's intervals,
/// for a watch that mirrors them (issue 37). Null (every subscription made before) reads as off.
let pushWristCuesMigration = Migration(version: 28, name: "push_wrist_cues") { sql in
    try await sql.alter(table: "push_subscriptions").column("wrist_cues", type: .int).run()
}

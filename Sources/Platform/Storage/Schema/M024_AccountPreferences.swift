import SQLKit
import Storage

/// Each account's interface language (null: follow the browser) and units (metric or imperial).
public let accountPreferencesMigration = Migration(version: 24, name: "account_preferences") { sql in
    try await sql.alter(table: "accounts").column("language", type: .text).run()
    try await sql.raw("ALTER TABLE accounts ADD COLUMN units TEXT NOT NULL DEFAULT 'metric'").run()
}

import SQLKit
import Storage

/// `tempo_templates`: plans a person saved to start from again (the shipped templates live in code).
public let tempoTemplatesMigration = Migration(version: 20, name: "tempo_templates") { sql in
    try await sql.create(table: "tempo_templates")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("activity", type: .text, .notNull)
        .column("plan", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "tempo_templates_by_account").on("tempo_templates").column("account_id").run()
}

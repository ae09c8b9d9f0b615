import SQLKit
import Storage

/// `stage_imports.stage_key`, `stage_imports.message_keys`: an import's stage and its error or warnings by catalogue key
/// (JSON), so its page says them in the reader's language; `stage` and `message` keep the English for the API.
public let stageImportKeysMigration = Migration(version: 26, name: "stage_import_keys") { sql in
    try await sql.alter(table: "stage_imports").column("stage_key", type: .text).run()
    try await sql.alter(table: "stage_imports").column("message_keys", type: .text).run()
}

import SQLKit
import Storage

/// The Stage catalogue (S8): packages an operator offers from `<data directory>/catalogue`,
/// each either free or unlocked by activation codes (stored as SHA-256, never in clear); a code
/// belongs to the first account that enters it. Installs made from the catalogue are recorded
/// so the list can say which series an account already has (a deleted series drops its record).
public let stageCatalogueMigration = Migration(version: 10, name: "stage_catalogue") { sql in
    try await sql.create(table: "stage_catalogue_entries")
        // The file's name in the catalogue folder: access (free, codes) follows the name, so a
        // newer version of a package under the same name keeps its codes.
        .column("file_name", type: .text, .primaryKey(autoIncrement: false))
        // The first 16 hex digits of the file's SHA-256, as recorded when the file was read.
        .column("id", type: .text, .notNull, .unique)
        .column("sha256", type: .text, .notNull)
        .column("bytes", type: .bigint, .notNull)
        .column("modified_at", type: .bigint, .notNull)
        .column("title", type: .text, .notNull)
        .column("languages", type: .text, .notNull)
        .column("password_protected", type: .int, .notNull)
        .column("free", type: .int, .notNull)
        .column("added_at", type: .bigint, .notNull)
        .run()
    try await sql.create(table: "stage_activation_codes")
        .column("code_hash", type: .text, .primaryKey(autoIncrement: false))
        .column("redeemed_by", type: .text, .references("accounts", "id", onDelete: .setNull))
        .column("redeemed_at", type: .bigint)
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "stage_activation_codes_by_account").on("stage_activation_codes").column("redeemed_by").run()
    try await sql.create(table: "stage_activation_code_entries")
        .column("code_hash", type: .text, .notNull, .references("stage_activation_codes", "code_hash", onDelete: .cascade))
        .column("file_name", type: .text, .notNull, .references("stage_catalogue_entries", "file_name", onDelete: .cascade))
        .primaryKey("code_hash", "file_name")
        .run()
    try await sql.create(table: "stage_catalogue_installs")
        .column("series_id", type: .text, .primaryKey(autoIncrement: false), .references("stage_series", "id", onDelete: .cascade))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("entry_id", type: .text, .notNull)
        .column("installed_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "stage_catalogue_installs_by_account").on("stage_catalogue_installs").column("account_id").run()
}

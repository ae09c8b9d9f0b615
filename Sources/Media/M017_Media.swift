import SQLKit
import Storage

/// The database media store: a stored file's name (`media_objects`) points at its content (`media_blobs`, one per
/// owner and SHA-256: the same bytes uploaded twice are kept once), held in chunks (`media_chunks`). No foreign key
/// to `accounts`: catalogue packages belong to the installation; an account's files go with it through
/// `MediaStore.removeAll`, which account deletion calls.
public let mediaMigration = Migration(version: 17, name: "media") { sql in
    try await sql.create(table: "media_blobs")
        .column("owner_id", type: .text, .notNull)
        .column("sha256", type: .text, .notNull)
        .column("byte_size", type: .bigint, .notNull)
        .column("chunk_bytes", type: .int, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .primaryKey("owner_id", "sha256")
        .run()
    try await sql.create(table: "media_chunks")
        .column("owner_id", type: .text, .notNull)
        .column("sha256", type: .text, .notNull)
        .column("seq", type: .int, .notNull)
        .column("bytes", type: .blob, .notNull)
        .primaryKey("owner_id", "sha256", "seq")
        .run()
    try await sql.create(table: "media_objects")
        .column("owner_id", type: .text, .notNull)
        .column("name", type: .text, .notNull)
        .column("sha256", type: .text, .notNull)
        .column("byte_size", type: .bigint, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .primaryKey("owner_id", "name")
        .run()
    try await sql.create(index: "media_objects_by_blob").on("media_objects").column("owner_id").column("sha256").run()
    if sql.dialect.name == "postgresql" {
        // Audio and video are compressed already: skip TOAST's compression attempt, keep the out-of-line storage.
        try await sql.raw("ALTER TABLE media_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL").run()
    }
}

import SQLKit
import Storage

/// Repeating reminders (issue 22): `alert_at` is the moment of the next time alert not yet sent — the due time for a
/// plain reminder, each occurrence in turn for a series. It replaces "due and not fired" so that a series can fire
/// again without its due time (the occurrence the person has not yet checked off) moving.
public let spotsRepeatsMigration = Migration(version: 22, name: "spots_repeats") { sql in
    try await sql.alter(table: "spots_reminders").column("alert_at", type: .bigint).run()
    try await sql.raw("UPDATE spots_reminders SET alert_at = due_at WHERE fired_at IS NULL AND completed_at IS NULL").run()
    try await sql.create(index: "spots_reminders_by_alert").on("spots_reminders").column("alert_at").run()
}

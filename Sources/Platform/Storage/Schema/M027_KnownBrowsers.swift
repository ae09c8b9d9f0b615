import SQLKit
import Storage

/// Browsers and apps that signed in to an account before (OWASP's "device cookie"): their sign-in attempts are
/// throttled on their own, so a stranger's wrong passwords for an e-mail cannot lock its owner out. Only a hash of
/// the cookie's token is kept; the rows go with the account.
let knownBrowsersMigration = Migration(version: 27, name: "known_browsers") { sql in
    try await sql.create(table: "known_browsers")
        .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "known_browsers_by_account").on("known_browsers").column("account_id").run()
}

import Storage

/// The platform's tables: accounts and sessions, devices and pairings, the live channel and presence, Web Push, the
/// browsers that signed in before.
/// Append; never edit or renumber a landed one.
public let platformMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
    pushMigration,
    knownBrowsersMigration,
    pushWristCuesMigration,
]

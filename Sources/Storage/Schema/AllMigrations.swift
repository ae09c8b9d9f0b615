import SQLKit

/// The migrations of the features whose tables are still kept here (accounts, devices, the live channel; each feature keeps its own in its Storage target).
/// Append; never edit or renumber a landed one.
public let storageMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
]

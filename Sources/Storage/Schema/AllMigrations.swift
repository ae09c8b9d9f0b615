import SQLKit

/// The migrations of the features whose tables are still kept here (Talks, Spots and Tempo keep their own in their Storage targets).
/// Append; never edit or renumber a landed one.
public let storageMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
    stageMigration,
    stageCatalogueMigration,
    stageVariationsMigration,
    stageScreensAndNotesMigration,
]

import SQLKit

/// The migrations of the features whose tables are still kept here (Talks and Spots keep their own: `TalksStorage`, `SpotsStorage`).
/// Append; never edit or renumber a landed one.
public let storageMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
    stageMigration,
    tempoMigration,
    tempoRunsMigration,
    stageCatalogueMigration,
    stageVariationsMigration,
    tempoRunImportsMigration,
    stageScreensAndNotesMigration,
]

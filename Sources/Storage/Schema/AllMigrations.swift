import SQLKit

/// The migrations of the features whose tables are still kept here (Talks keeps its own: `TalksStorage`).
/// Append; never edit or renumber a landed one.
public let storageMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
    stageMigration,
    spotsMigration,
    tempoMigration,
    tempoRunsMigration,
    stageCatalogueMigration,
    stageVariationsMigration,
    tempoRunImportsMigration,
    stageScreensAndNotesMigration,
]

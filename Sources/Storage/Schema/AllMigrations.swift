import SQLKit

/// Every migration, in order. Append; never edit or reorder a landed one.
let allMigrations: [Migration] = [
    accountsMigration,
    devicesMigration,
    liveMigration,
    presenceMigration,
    talksMigration,
    stageMigration,
    spotsMigration,
    tempoMigration,
    tempoRunsMigration,
    stageCatalogueMigration,
    stageVariationsMigration,
    tempoRunImportsMigration,
    stageScreensAndNotesMigration,
]

import Media
import PlatformStorage
import Storage
import SpotsStorage
import StageStorage
import TalksStorage
import TempoStorage

/// Every feature's tables, in one numbered history. A new feature adds its migrations here.
public enum CadenceSchema {
    public static let migrations: [Migration] = platformMigrations + [talksMigration, stageMigration, spotsMigration, tempoMigration, tempoRunsMigration, tempoRunImportsMigration, stageCatalogueMigration, stageVariationsMigration, stageScreensAndNotesMigration, tempoRunSensorsMigration, mediaMigration, tempoSongBeatsMigration, tempoMaxHeartRateMigration, tempoTemplatesMigration, tempoMixesMigration, spotsRepeatsMigration, spotsListsMigration, accountPreferencesMigration, tempoMessageNotesMigration, stageImportKeysMigration, talkWristCuesMigration, tempoWristMomentsMigration, spotsPushMigration, spotsResourceTagsMigration]
}

extension Migrator {
    /// The migrator for the whole of Cadence's schema.
    public init(database: Database) {
        self.init(database: database, migrations: CadenceSchema.migrations)
    }
}

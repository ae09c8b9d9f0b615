import CadenceCore
import DeckImport
import Foundation
import PlatformService
import PlatformStorage
import SpotsService
import SpotsStorage
import SpotsWeb
import StageService
import StageStorage
import StageWeb
import TalksStorage
import TalksWeb
import TempoService
import TempoStorage
import TempoWeb

// Each feature built over its SQL stores and the platform's live channel.

extension TalksFeature {
    static func assembled(_ dependencies: ServerDependencies, live: LiveService, push: PushService, devices: DeviceService) -> TalksFeature {
        TalksPushRules.register(on: live.pushRules)
        return TalksFeature(store: SQLTalkStore(database: dependencies.database), live: live, wristCueListeners: push, devices: devices,
                            clock: dependencies.clock, logger: dependencies.logger, onlyInstance: !dependencies.database.notifiesOtherInstances)
    }
}

extension StageFeature {
    static func assembled(_ dependencies: ServerDependencies, live: LiveService) async throws -> StageFeature {
        StagePushRules.register(on: live.pushRules)
        let database = dependencies.database
        let library = StageLibrary(
            store: SQLStageStore(database: database), variations: SQLStageStore(database: database),
            files: AssetStore(media: dependencies.media, scratch: dependencies.scratchDirectory), clock: dependencies.clock, logger: dependencies.logger)
        let jobs = SQLStageJobStore(database: database)
        // Imports run inside the process that took them. On SQLite (one process) any still marked
        // running were cut off by a stop; on PostgreSQL another instance may still be working, so
        // only imports silent for an hour are given up.
        let now = dependencies.clock.now()
        try await jobs.failAbandonedImports(
            updatedBefore: database.notifiesOtherInstances ? now.addingTimeInterval(-3600) : now,
            message: "The server restarted before this import finished; import the file again.",
            messageKey: MessageKey("stage.error.import.server_restarted"), at: now)
        let catalogue = StageCatalogue(dataDirectory: dependencies.dataDirectory, store: SQLStageCatalogueStore(database: database),
                                       logger: dependencies.logger, media: dependencies.media)
        await catalogue.publishFolder()
        _ = try? await catalogue.entries(at: now)  // read new or changed packages at start
        return StageFeature(
            library: library, jobs: jobs,
            handouts: StageHandouts(library: library, mailer: dependencies.mailer, clock: dependencies.clock), catalogue: catalogue,
            live: live, workDirectory: dependencies.scratchDirectory,
            keyCost: dependencies.packageKeyCost, clock: dependencies.clock, logger: dependencies.logger)
    }
}

extension SpotsFeature {
    static func assembled(_ dependencies: ServerDependencies, live: LiveService, devices: DeviceService, push: PushService) -> SpotsFeature {
        SpotsPushRules.register(on: live.pushRules)
        let store = SQLSpotsStore(database: dependencies.database)
        let timeAlerts = SQLTimeAlertSender(events: SQLLiveEventRepository(database: dependencies.database), store: store,
                                            deliver: live.deliver)
        let listPush = TaskListPush(store: SQLTaskListPushStore(database: dependencies.database), sender: push, clock: dependencies.clock,
                                    logger: dependencies.logger)
        let service = SpotsService(store: store, live: live, timeAlerts: timeAlerts,
                                   clock: dependencies.clock, logger: dependencies.logger, locationRetention: dependencies.locationRetention,
                                   listPush: listPush)
        return SpotsFeature(service: service, clock: dependencies.clock, mapTiles: dependencies.mapTiles, devices: devices,
                            publicURL: dependencies.publicURL, logger: dependencies.logger)
    }
}

extension TempoFeature {
    static func assembled(_ dependencies: ServerDependencies, live: LiveService, push: PushService) -> TempoFeature {
        let database = dependencies.database
        TempoPushRules.register(on: live.pushRules)
        let library = TempoLibrary(store: SQLTempoStore(database: database), media: dependencies.media,
                                   scratch: dependencies.scratchDirectory,
                                   clock: dependencies.clock, logger: dependencies.logger, live: live)
        let runStore = SQLRunStore(database: database)
        let wrist = RunWrist(store: runStore, sender: LiveRunWristSender(live: live, store: runStore, clock: dependencies.clock),
                             listeners: push, clock: dependencies.clock, logger: dependencies.logger,
                             otherInstancesMayChangeRuns: database.notifiesOtherInstances)
        let feature = TempoFeature(
            library: library, runs: TempoRuns(store: runStore, plans: library.store, clock: dependencies.clock, wrist: wrist),
            clock: dependencies.clock, onlyInstance: !database.notifiesOtherInstances, logger: dependencies.logger)
        feature.registerLiveCommands(on: live)
        return feature
    }
}

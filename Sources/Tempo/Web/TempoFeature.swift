import CadenceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TempoService
import Web

/// Tempo on the web: the music library, plans and playlists, and runs at `/api/v1/tempo`, the phone's pages at
/// `/phone/tempo`, the run commands on the live channel, and the job that resumes analyses a stop cut short.
public struct TempoFeature: Sendable {
    public static let resources = FeatureResources(bundle: .module)

    public let library: TempoLibrary
    public let runs: TempoRuns
    public let plans: TempoPlans
    public let mixes: TempoMixes
    let clock: any WallClock
    /// True with SQLite: no other instance can be analysing the same songs.
    let onlyInstance: Bool
    let logger: Logger

    public init(library: TempoLibrary, runs: TempoRuns, clock: any WallClock, onlyInstance: Bool, logger: Logger) {
        self.library = library
        self.runs = runs
        plans = TempoPlans(store: library.store, clock: clock)
        mixes = TempoMixes(plans: plans, library: library)
        self.clock = clock
        self.onlyInstance = onlyInstance
        self.logger = logger
    }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        let api = routes.api("api/v1/tempo")
        TempoSongsController(library: library).addRoutes(to: api)
        TempoPlansController(plans: plans, mixes: mixes).addRoutes(to: api)
        TempoMixesController(mixes: mixes).addRoutes(to: api)
        TempoRunsController(runs: runs).addRoutes(to: api)
        TempoPagesController(plans: plans, pages: pages).addRoutes(to: routes.signedInPages)
        TempoRunPagesController(runs: runs, pages: pages).addRoutes(open: routes.openPages, signedIn: routes.signedInPages)
    }

    /// Samples, run state and remote control from the devices in a run.
    public func registerLiveCommands(on live: any LiveChannel) {
        TempoLiveCommands.register(on: live, runs: runs)
    }

    /// The analyses a stop cut short, and the interval notifications of planned runs (issue 37).
    public var jobs: [any Service] {
        [TempoResumer(library: library, mixes: mixes, onlyInstance: onlyInstance, logger: logger)] + (runs.wrist.map { [$0.scheduler] } ?? [])
    }
}

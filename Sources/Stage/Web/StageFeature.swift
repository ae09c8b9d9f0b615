import CadenceCore
import Foundation
import Hummingbird
import Logging
import StagePackage
import StageService
import Web

/// Stage on the web: the library, imports, variations, packages, the catalogue and handouts at `/api/v1/stage`, the
/// presenter's and editor's pages at `/phone/stage`, and the audience screens over the live channel.
public struct StageFeature: Sendable {
    public static let resources = FeatureResources(bundle: .module)

    let library: StageLibrary
    let jobs: any StageJobStore
    let handouts: StageHandouts
    let catalogue: StageCatalogue
    let live: any LiveChannel
    let workDirectory: URL
    let keyCost: KDFParameters
    let clock: any WallClock
    let logger: Logger

    public init(library: StageLibrary, jobs: any StageJobStore, handouts: StageHandouts, catalogue: StageCatalogue,
                live: any LiveChannel, workDirectory: URL, keyCost: KDFParameters, clock: any WallClock, logger: Logger) {
        self.library = library
        self.jobs = jobs
        self.handouts = handouts
        self.catalogue = catalogue
        self.live = live
        self.workDirectory = workDirectory
        self.keyCost = keyCost
        self.clock = clock
        self.logger = logger
    }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        let api = routes.api("api/v1/stage")
        let variations = StageVariations(library: library, live: live, clock: clock)
        StageController(library: library, jobs: jobs, variations: variations, screens: StageScreens(library: library, live: live)).addRoutes(to: api)
        StageHandoutController(handouts: handouts).addRoutes(to: api)
        StageVariationsController(library: library, variations: variations).addRoutes(to: api)
        StagePackagesController(packages: StagePackages(library: library, catalogue: catalogue, keyCost: keyCost, clock: clock),
                                catalogue: catalogue, workDirectory: workDirectory).addRoutes(to: api)
        StageCatalogueController(catalogue: catalogue, clock: clock).addRoutes(to: api)
        StageImportController(library: library, imports: StageImports(library: library, jobs: jobs, clock: clock, logger: logger, live: live))
            .addRoutes(to: api)
        StagePagesController(library: library, jobs: jobs, pages: pages, clock: clock, handouts: handouts, catalogue: catalogue)
            .addRoutes(to: routes.signedInPages)
    }
}

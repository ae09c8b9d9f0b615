import CadenceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SpotsService
import Web

/// Spots on the web: the API at `/api/v1/spots`, the phone's pages at `/phone/spots`, CalDAV for calendar apps at
/// `/dav/`, and the scheduler that fires time alerts while the server runs.
public struct SpotsFeature: Sendable {
    public static let resources = FeatureResources(bundle: .module)

    public let service: SpotsService
    let clock: any WallClock
    let mapTiles: MapTiles
    /// For background location: an OwnTracks device is added from the Spots page, without a pairing code. And who
    /// is syncing over CalDAV, by app password.
    let devices: any DeviceEnrolling & CalendarAppSignIn
    /// Where OwnTracks reaches this server (`CADENCE_PUBLIC_URL`).
    let publicURL: String
    let logger: Logger

    public init(service: SpotsService, clock: any WallClock, mapTiles: MapTiles, devices: any DeviceEnrolling & CalendarAppSignIn, publicURL: String,
                logger: Logger) {
        self.service = service
        self.clock = clock
        self.mapTiles = mapTiles
        self.devices = devices
        self.publicURL = publicURL
        self.logger = logger
    }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        SpotsAPI(spots: service, clock: clock).addRoutes(to: routes.api("api/v1/spots"))
        CalDAVController(spots: service, publicURL: publicURL).addRoutes(to: routes.selfAuthenticated.group().add(middleware: CalendarAppAuthentication(signIn: devices)))
        routes.signedInPages.addRoutes(
            SpotsPages(spots: service, pages: pages, clock: clock, mapTiles: mapTiles, devices: devices, publicURL: publicURL).routes)
    }

    /// What runs beside the routes: time alerts as they fall due.
    public var jobs: [any Service] { [SpotsScheduler(spots: service, logger: logger)] }
}

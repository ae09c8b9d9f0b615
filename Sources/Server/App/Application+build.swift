import CadenceCore
import DeckImport
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import StagePackage
import Storage
import SpotsService
import StageService
import StageStorage
import StageWeb
import SpotsStorage
import SpotsWeb
import TalksStorage
import TalksWeb
import TempoService
import TempoStorage
import TempoWeb
import Web

/// What the server needs from outside: where it listens, where data lives, how it
/// sends mail, where "now" comes from. The CLI fills it from flags; tests fill it
/// with a throwaway database and a controllable clock.
public struct ServerDependencies: Sendable {
    public var database: Database
    public var mailer: any Mailer
    public var clock: any WallClock
    public var passwordHasher: PasswordHasher
    /// The address people reach Cadence at; used in e-mailed links and to mark cookies Secure under HTTPS.
    public var publicURL: String
    /// Where uploaded and imported files live (slide pictures, videos).
    public var dataDirectory: URL
    /// The map's background tiles (Spots).
    public var mapTiles: MapTiles
    public var logger: Logger
    /// Header-read and idle timeouts, and the cap on connections per address.
    public var connectionLimits: ConnectionLimits = .standard
    /// The scrypt cost for password-protected Stage packages: OWASP's by default; tests lower it,
    /// as a debug build derives the key ten times slower.
    public var packageKeyCost: KDFParameters = .recommended

    public init(
        database: Database, mailer: any Mailer, clock: any WallClock = SystemClock(),
        passwordHasher: PasswordHasher = PasswordHasher(), publicURL: String, dataDirectory: URL? = nil,
        mapTiles: MapTiles = .openStreetMap, logger: Logger
    ) {
        self.mapTiles = mapTiles
        self.database = database
        self.mailer = mailer
        self.clock = clock
        self.passwordHasher = passwordHasher
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        // Tests and tools that keep no files get a private folder of their own.
        self.dataDirectory = dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cadence-\(UUID().uuidString.lowercased())")
        self.logger = logger
    }
}

/// The assembled server: its routes, and what runs beside them (the live listener, history pruning).
public struct AssembledServer {
    public let router: Router<AppContext>
    public let services: [any Service]
}

/// Each feature's templates and scripts (the shared layout, stylesheet and live client are the server's own).
let featureResources = [TalksFeature.resources, StageFeature.resources, SpotsFeature.resources, TempoFeature.resources]

/// Builds every route, middleware and background service. Shared by `cadence serve`
/// and the tests, so the tests exercise exactly what runs in production.
public func assembleServer(_ dependencies: ServerDependencies) async throws -> AssembledServer {
    let secureCookies = dependencies.publicURL.hasPrefix("https://")
    let database = dependencies.database
    // Revocations made through any instance clear every instance's cache at once (NOTIFY with
    // PostgreSQL); the 5 s lifetime bounds the rest (the CLI on SQLite, a listener outage).
    let sessionCache = SessionCache(ttl: 5, clock: dependencies.clock)
    let service = AccountService(
        accounts: SQLAccountRepository(database: database),
        sessions: SQLSessionRepository(database: database),
        resets: SQLPasswordResetRepository(database: database),
        hasher: dependencies.passwordHasher, throttle: ThrottleGuard(),
        sessionCache: sessionCache, database: database,
        mailer: dependencies.mailer,
        clock: dependencies.clock, publicURL: dependencies.publicURL, logger: dependencies.logger)
    let devices = DeviceService(
        devices: SQLDeviceRepository(database: database), pairings: SQLPairingRepository(database: database),
        clock: dependencies.clock, logger: dependencies.logger)
    let liveEvents = SQLLiveEventRepository(database: database)
    let presence = SQLPresenceRepository(database: database)
    let hub = LiveHub()
    let live = LiveService(
        events: liveEvents, devices: SQLDeviceRepository(database: database), presence: presence, hub: hub,
        database: database, clock: dependencies.clock, logger: dependencies.logger)
    let pages = PageRenderer(
        library: try await PageRenderer.loadTemplates(from: [ServerResources.path("templates")] + featureResources.map(\.templates)),
        secureCookies: secureCookies)

    _ = CadenceMetrics.registry  // bootstrap before any middleware creates its metrics
    let router = Router(context: AppContext.self)
    let routeTable = RouteTable()
    // Outermost first: every answer, errors included, gets the security headers and is counted.
    router.add(middleware: SecurityHeadersMiddleware(imageOrigins: dependencies.mapTiles.origin.map { [$0] } ?? []))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ErrorMiddleware(pages: pages, routeTable: routeTable))
    router.add(middleware: StaticFilesMiddleware(
        directory: ServerResources.path("static"), urlBasePath: "/static", maxAgeSeconds: 3600,
        logger: dependencies.logger))
    for resources in featureResources {
        router.add(middleware: StaticFilesMiddleware(
            directory: resources.staticFiles, urlBasePath: "/static", maxAgeSeconds: 3600, logger: dependencies.logger))
    }

    SystemController(database: database).addRoutes(to: router)
    // Leaflet, from Debian's libjs-leaflet (installed by the scripts); the map pages say so when it is missing.
    router.add(middleware: StaticFilesMiddleware(
        directory: "/usr/share/javascript/leaflet", urlBasePath: "/vendor/leaflet", maxAgeSeconds: 86400,
        logger: dependencies.logger))
    OfflineTilesController().addRoutes(to: router)

    // Only pages and the API need to know who is asking; static files and probes skip the lookup.
    let authenticated = router.group().add(middleware: AuthenticationMiddleware(service: service, devices: devices))
    // Pages: every post is a form with this browser's CSRF token.
    let pageRoutes = authenticated.group().add(middleware: FormPostMiddleware())
    let signedInPages = pageRoutes.group().add(middleware: SignInRequiredMiddleware())
    AuthController(service: service, secureCookies: secureCookies).addRoutes(to: authenticated.group("api/v1/auth"))
    LiveController(service: live).addRoutes(to: authenticated.group("api/v1"))
    let features = FeatureRoutes(authenticated: authenticated, openPages: pageRoutes, signedInPages: signedInPages)
    let talks = TalksFeature(store: SQLTalkStore(database: database), live: live, clock: dependencies.clock)
    talks.addRoutes(to: features, pages: pages)
    let stageLibrary = StageLibrary(
        store: SQLStageStore(database: database), variations: SQLStageStore(database: database),
        files: AssetStore(dataDirectory: dependencies.dataDirectory), clock: dependencies.clock, logger: dependencies.logger)
    let stageJobs = SQLStageJobStore(database: database)
    // Imports run inside the process that took them. On SQLite (one process) any still marked
    // running were cut off by a stop; on PostgreSQL another instance may still be working, so
    // only imports silent for an hour are given up.
    let now = dependencies.clock.now()
    try await stageJobs.failAbandonedImports(
        updatedBefore: database.notifiesOtherInstances ? now.addingTimeInterval(-3600) : now,
        message: "The server restarted before this import finished; import the file again.", at: now)
    let catalogue = StageCatalogue(dataDirectory: dependencies.dataDirectory, store: SQLStageCatalogueStore(database: database),
                                   logger: dependencies.logger)
    _ = try? await catalogue.entries(at: now)  // read new or changed packages at start
    StageFeature(
        library: stageLibrary, jobs: stageJobs,
        handouts: StageHandouts(library: stageLibrary, mailer: dependencies.mailer, clock: dependencies.clock), catalogue: catalogue,
        live: live, workDirectory: dependencies.dataDirectory.appendingPathComponent("work", isDirectory: true),
        keyCost: dependencies.packageKeyCost, clock: dependencies.clock, logger: dependencies.logger
    ).addRoutes(to: features, pages: pages)
    let songs = TempoLibrary(store: SQLTempoStore(database: database), dataDirectory: dependencies.dataDirectory,
                             clock: dependencies.clock, logger: dependencies.logger)
    let tempo = TempoFeature(
        library: songs, runs: TempoRuns(store: SQLRunStore(database: database), plans: songs.store, clock: dependencies.clock),
        clock: dependencies.clock, onlyInstance: !database.notifiesOtherInstances, logger: dependencies.logger)
    tempo.addRoutes(to: features, pages: pages)
    tempo.registerLiveCommands(on: live)
    let spotsStore = SQLSpotsStore(database: database)
    let spots = SpotsFeature(
        service: SpotsService(store: spotsStore, live: live, timeAlerts: LiveTimeAlertSender(live: live, store: spotsStore),
                              clock: dependencies.clock, logger: dependencies.logger),
        clock: dependencies.clock, mapTiles: dependencies.mapTiles, logger: dependencies.logger)
    spots.addRoutes(to: features, pages: pages)
    DevicesController(service: devices, live: live, publicURL: dependencies.publicURL, secureCookies: secureCookies)
        .addRoutes(to: authenticated.group("api/v1/devices"))
    AccountPagesController(service: service, pages: pages, secureCookies: secureCookies).addRoutes(open: pageRoutes, signedIn: signedInPages)
    PhoneController(pages: pages, talks: talks.service).addRoutes(to: signedInPages)
    DevicePagesController(service: devices, live: live, pages: pages, publicURL: dependencies.publicURL, secureCookies: secureCookies)
        .addRoutes(open: pageRoutes, signedIn: signedInPages)
    routeTable.record(router.routes)
    // A service that returns ends the whole server, so the listener joins only where it has work.
    var services: [any Service] = spots.jobs + tempo.jobs + [
        LivePruner(live: live, presence: presence, logger: dependencies.logger),
    ]
    if database.notifiesOtherInstances {
        services.append(LiveListener(database: database, events: liveEvents, hub: hub, live: live, sessionCache: sessionCache,
                                     logger: dependencies.logger))
    }
    return AssembledServer(router: router, services: services)
}

public func buildApplication(
    _ dependencies: ServerDependencies, host: String, port: Int,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let server = try await assembleServer(dependencies)
    return Application(
        router: server.router,
        server: webSocketServer(server.router, limits: dependencies.connectionLimits, logger: dependencies.logger),
        configuration: .init(address: .hostname(host, port: port), serverName: "Cadence"),
        services: server.services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: dependencies.logger)
}

/// HTTP/1 with WebSocket upgrades for the live channel: frames up to 16 KiB, and a ping every 15 s so a dead
/// socket is noticed and closed. HTTP connections are held to `limits` (docs/operations.md, "Connections"):
/// `FirstRequestDeadline` until the first head, `HTTPConnectionGuard` after it; a WebSocket leaves both behind.
public func webSocketServer(
    _ router: Router<AppContext>, limits: ConnectionLimits = .standard, logger: Logger = Logger(label: "cadence")
) -> HTTPServerBuilder {
    let webSocketResponder = router.buildResponder()
    let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
        http1: .init(additionalChannelHandlers: [HTTPConnectionGuard(limits: limits)]),
        ws: .init(maxFrameSize: LiveController.maximumMessageSize, autoPing: .enabled(timePeriod: .seconds(15))))
    let perAddress = limits.connectionsPerAddress.map { ConnectionsPerAddress(maximum: $0, logger: logger) }
    return HTTPServerBuilder { responder in
        GuardedServerChannel(
            inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
            limits: limits, perAddress: perAddress)
    }
}

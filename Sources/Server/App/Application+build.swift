import CadenceCore
import Hummingbird
import ServiceLifecycle
import Storage
import SpotsWeb
import StageWeb
import PlatformWeb
import TalksWeb
import TempoWeb
import Web

/// Each feature's templates and scripts (the shared layout, stylesheet and live client are the server's own; the
/// platform's account and device pages bring templates only).
let featureResources = [TalksFeature.resources, StageFeature.resources, SpotsFeature.resources, TempoFeature.resources]

/// Builds every route, middleware and background service. Shared by `cadence serve`
/// and the tests, so the tests exercise exactly what runs in production.
public func assembleServer(_ dependencies: ServerDependencies) async throws -> AssembledServer {
    let platform = Platform(dependencies)
    BootTrace.mark("platform")
    _ = try await platform.push.key()  // the installation's VAPID key exists from the first start on
    BootTrace.mark("push key")
    let talks = TalksFeature.assembled(dependencies, live: platform.live, push: platform.push, devices: platform.devices)
    let stage = try await StageFeature.assembled(dependencies, live: platform.live)
    let spots = SpotsFeature.assembled(dependencies, live: platform.live, devices: platform.devices, push: platform.push)
    let tempo = TempoFeature.assembled(dependencies, live: platform.live, push: platform.push)
    BootTrace.mark("features")
    let templates = try PageTemplates(
        directories: [ServerResources.path("templates"), PlatformWeb.resources.templates] + featureResources.map(\.templates))
    templates.parseInBackground()
    let pages = PageRenderer(templates: templates, secureCookies: platform.secureCookies)
    BootTrace.mark("templates")

    _ = CadenceMetrics.registry  // bootstrap before any middleware creates its metrics
    let router = Router(context: AppContext.self)
    let routeTable = RouteTable()
    // Outermost first: every answer, errors included, gets the security headers and is counted.
    router.add(middleware: SecurityHeadersMiddleware(imageOrigins: dependencies.mapTiles.origin.map { [$0] } ?? []))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ForwardedClientMiddleware(proxies: dependencies.trustedProxies))
    if dependencies.https.httpPort != nil, let httpsPort = dependencies.https.httpsPort {
        router.add(middleware: PlainHTTPPortMiddleware(httpsPort: httpsPort))
    }
    router.add(middleware: ErrorMiddleware(
        pages: pages, routeTable: routeTable, isUnavailable: Database.isUnavailable, identify: platform.identifyQuietly))
    let staticDirectories = [ServerResources.path("static")] + featureResources.map(\.staticFiles)
    router.add(middleware: StaticFilesMiddleware(
        directories: staticDirectories, urlBasePath: "/static", maxAgeSeconds: 3600, logger: dependencies.logger))
    SystemController(database: dependencies.database).addRoutes(to: router)
    InstallController(staticDirectories: staticDirectories).addRoutes(to: router)
    BootTrace.mark("install routes")
    // Leaflet, from Debian's libjs-leaflet (installed by the scripts); the map pages say so when it is missing.
    router.add(middleware: StaticFilesMiddleware(
        directories: ["/usr/share/javascript/leaflet"], urlBasePath: "/vendor/leaflet", maxAgeSeconds: 86400,
        logger: dependencies.logger))
    OfflineTilesController().addRoutes(to: router)
    TrustController(pages: pages, https: dependencies.https).addRoutes(to: router.group().add(middleware: platform.authentication))

    // Only pages and the API need to know who is asking; static files and probes skip the lookup.
    let authenticated = router.group().add(middleware: platform.authentication)
    // Pages: every post is a form with this browser's CSRF token; some pages also need someone signed in.
    let openPages = authenticated.group().add(middleware: FormPostMiddleware())
    let routes = FeatureRoutes(
        open: authenticated, account: authenticated.group(context: AccountContext.self),
        person: authenticated.group(context: SignedInContext.self), openPages: openPages,
        signedInPages: openPages.group().add(middleware: SignInRequiredMiddleware()).group(context: SignedInContext.self),
        selfAuthenticated: router.group())
    platform.addRoutes(to: routes, pages: pages, talks: talks.service, runs: tempo.runs)
    talks.addRoutes(to: routes, pages: pages)
    stage.addRoutes(to: routes, pages: pages)
    spots.addRoutes(to: routes, pages: pages)
    tempo.addRoutes(to: routes, pages: pages)
    AccountExportController(exporters: [talks, stage, spots, tempo], scratch: dependencies.scratchDirectory)
        .addRoutes(to: routes.api("api/v1/account"))
    routeTable.record(router.routes)
    BootTrace.mark("routes")
    return AssembledServer(router: router, services: platform.jobs + talks.jobs + spots.jobs + tempo.jobs)
}

public func buildApplication(
    _ dependencies: ServerDependencies, host: String, port: Int, tls: ReloadingTLSContext? = nil, services: [any Service] = [],
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let server = try await assembleServer(dependencies)
    var services = (server.services + services).map(NamedService.init)
    if tls != nil, let httpPort = dependencies.https.httpPort {
        // The same routes on a plain-HTTP port, where `PlainHTTPPortMiddleware` answers only the trust page.
        services.append(NamedService(Application(
            router: server.router,
            server: webSocketServer(server.router, limits: dependencies.connectionLimits, trustedProxies: dependencies.trustedProxies,
                                    logger: dependencies.logger),
            configuration: .init(address: .hostname(host, port: httpPort), serverName: "Cadence"), logger: dependencies.logger)))
    }
    return Application(
        router: server.router,
        server: webSocketServer(server.router, limits: dependencies.connectionLimits, trustedProxies: dependencies.trustedProxies,
                                tls: tls, logger: dependencies.logger),
        configuration: .init(address: .hostname(host, port: port), serverName: "Cadence"),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: dependencies.logger)
}

import CadenceCore
import Foundation
import Hummingbird
import Logging
import PlatformService
import PlatformWeb
import PlatformStorage
import ServiceLifecycle
import Storage
import TalksService
import TempoService
import TalksStorage
import Web

/// What every feature stands on: accounts and sessions, paired devices, the live channel. Built once per server;
/// its routes are sign-in, the account and device pages, the phone's home and the live channel itself.
struct Platform {
    let accounts: AccountService
    let deletion: AccountDeletion
    let devices: DeviceService
    let live: LiveService
    let push: PushService
    let hub: LiveHub
    let liveEvents: SQLLiveEventRepository
    let presence: SQLPresenceRepository
    let sessionCache: SessionCache
    let database: Database
    let publicURL: String
    let secureCookies: Bool
    let trustPageURL: String?
    let logger: Logger

    init(_ dependencies: ServerDependencies) {
        let database = dependencies.database
        self.database = database
        publicURL = dependencies.publicURL
        secureCookies = dependencies.publicURL.hasPrefix("https://")
        trustPageURL = dependencies.https.trustPageURL(publicURL: dependencies.publicURL)
        logger = dependencies.logger
        // Revocations made through any instance clear every instance's cache at once (NOTIFY with
        // PostgreSQL); the 5 s lifetime bounds the rest (the CLI on SQLite, a listener outage).
        sessionCache = SessionCache(ttl: 5, clock: dependencies.clock)
        accounts = AccountService(
            accounts: SQLAccountRepository(database: database),
            sessions: SQLSessionRepository(database: database),
            resets: SQLPasswordResetRepository(database: database),
            hasher: dependencies.passwordHasher, throttle: ThrottleGuard(), knownBrowsers: SQLKnownBrowserRepository(database: database),
            sessionCache: sessionCache, instances: SQLInstanceMessenger(database: database),
            examples: ExampleTalk(store: SQLTalkStore(database: database)), mailer: dependencies.mailer,
            clock: dependencies.clock, publicURL: dependencies.publicURL, logger: dependencies.logger,
            messages: { Catalogues.bundled.messages($0) })
        liveEvents = SQLLiveEventRepository(database: database)
        presence = SQLPresenceRepository(database: database)
        hub = LiveHub()
        push = PushService(
            subscriptions: SQLPushSubscriptionRepository(database: database), keys: SQLVAPIDKeyRepository(database: database),
            transport: dependencies.pushTransport ?? HTTPPushTransport(rule: dependencies.pushEndpoints), clock: dependencies.clock, logger: dependencies.logger,
            subject: dependencies.publicURL, endpointRule: dependencies.pushEndpoints, retry: dependencies.pushRetry,
            accounts: SQLAccountRepository(database: database))
        live = LiveService(
            events: liveEvents, devices: SQLDeviceRepository(database: database), presence: presence, hub: hub,
            instances: SQLInstanceMessenger(database: database), clock: dependencies.clock, logger: dependencies.logger,
            push: push, catalogue: { Catalogues.bundled.messages($0) })
        let media = dependencies.media
        deletion = AccountDeletion(
            accounts: SQLAccountRepository(database: database), instances: SQLInstanceMessenger(database: database),
            removeFiles: { try await media.removeAll(ownerID: $0) }, sessionCache: sessionCache, hub: hub,
            mailer: dependencies.mailer, logger: dependencies.logger, messages: { Catalogues.bundled.messages($0) })
        DevicePushRules.register(on: live.pushRules)
        devices = DeviceService(
            devices: SQLDeviceRepository(database: database), pairings: SQLPairingRepository(database: database),
            live: live, clock: dependencies.clock, logger: dependencies.logger)
    }

    var web: PlatformWeb { PlatformWeb(accounts: accounts, deletion: deletion, devices: devices, live: live, push: push, publicURL: publicURL,
                                   trustPageURL: trustPageURL) }

    /// Who is asking: a session (cookie or bearer token) or a paired device's token.
    var authentication: some RouterMiddleware<AppContext> { web.authentication }
    var identifyQuietly: @Sendable (Request, AppContext) async -> AppContext { web.identifyQuietly }

    /// The platform's API and pages, and the phone's home (it shows every feature, so it is the server's).
    func addRoutes(to routes: FeatureRoutes, pages: PageRenderer, talks: TalkService, runs: TempoRuns) {
        web.addRoutes(to: routes, pages: pages)
        PhoneController(pages: pages, talks: talks, runs: runs).addRoutes(to: routes.signedInPages)
    }

    /// History pruning; with PostgreSQL also the listener that hears other instances. A service that returns
    /// ends the whole server, so the listener joins only where it has work.
    var jobs: [any Service] {
        var jobs: [any Service] = [LivePruner(live: live, presence: presence, logger: logger)]
        if database.notifiesOtherInstances {
            jobs.append(LiveListener(database: database, events: liveEvents, hub: hub, live: live, sessionCache: sessionCache, logger: logger))
        }
        return jobs
    }
}

import CadenceCore
import Foundation
import Logging
import Media
import PlatformService
import SpotsService
import SpotsWeb
import StagePackage
import Storage

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
    /// This host's folder: the SQLite database, scratch space for imports, the catalogue, and the media when they
    /// are kept in a directory.
    public var dataDirectory: URL
    /// Where the bytes of slides, videos and songs live: the data directory with SQLite, the database with
    /// PostgreSQL, unless `--media` says otherwise.
    public var media: any MediaStore
    /// How long Spots keeps place and time decisions and the positions they were made from.
    public var locationRetention: TimeInterval = SpotsService.defaultLocationRetention
    /// The map's background tiles (Spots).
    public var mapTiles: MapTiles
    public var logger: Logger
    /// Header-read and idle timeouts, and the cap on connections per address.
    public var connectionLimits: ConnectionLimits = .standard
    /// The reverse proxies whose forwarding headers name the client (`--trusted-proxy`); none by default.
    public var trustedProxies = TrustedProxies.none
    /// How HTTPS is served (Cadence's own authority, the port), for the trust page.
    public var https = HTTPSSetup()
    /// The scrypt cost for password-protected Stage packages: OWASP's by default; tests lower it,
    /// as a debug build derives the key ten times slower.
    public var packageKeyCost: KDFParameters = .recommended
    /// How pushes reach the push services: nil for HTTP, checking where each endpoint leads by `pushEndpoints`
    /// (a benchmark may count instead).
    public var pushTransport: (any PushTransport)?
    /// When to try a push again; tests shorten the waits.
    public var pushRetry = PushRetryPolicy()
    /// Which subscription endpoints are accepted, and where a push may connect; tests allow a push service on this
    /// machine.
    public var pushEndpoints = PushEndpointRule.publicHTTPS

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
        self.media = MediaBackend.standard(for: database.engine).store(database: database, dataDirectory: self.dataDirectory,
                                                                         cacheBytes: DatabaseMediaStore.defaultCacheBytes)
        self.logger = logger
    }
}

extension ServerDependencies {
    /// Files that live only while a request or job runs on this host (imports' uploads, copies for ffmpeg).
    public var scratchDirectory: URL { dataDirectory.appendingPathComponent("work", isDirectory: true) }
}

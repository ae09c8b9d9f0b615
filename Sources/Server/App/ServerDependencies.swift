import CadenceCore
import Foundation
import Logging
import PlatformService
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
    /// How pushes reach the push services (HTTP; a benchmark may count instead).
    public var pushTransport: any PushTransport = HTTPPushTransport()
    /// When to try a push again; tests shorten the waits.
    public var pushRetry = PushRetryPolicy()
    /// Which subscription endpoints are accepted; tests allow a push service on this machine.
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
        self.logger = logger
    }
}

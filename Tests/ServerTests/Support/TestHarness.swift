import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Media
import NIOCore
import PlatformService
import Schema
import Server
import StagePackage
import Storage
import Synchronization

/// A clock the test moves by hand (reset-link expiry, throttle windows).
final class TestClock: WallClock {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Keeps the messages the server would have e-mailed, so a test can follow a reset link.
/// (The SMTP transport itself is exercised against a real SMTP server in e2e/.)
final class RecordingMailer: Mailer {
    private let messages = Mutex<[MailMessage]>([])
    func send(_ message: MailMessage) async throws { messages.withLock { $0.append(message) } }
    var sent: [MailMessage] { messages.withLock { $0 } }
}

/// Opens the engine under test: PostgreSQL when CADENCE_TEST_POSTGRES_URL is set
/// (scripts/test sets it for the second run), else a fresh SQLite file per test.
enum TestDatabase {
    static var engineUnderTest: DatabaseEngine {
        ProcessInfo.processInfo.environment["CADENCE_TEST_POSTGRES_URL"] == nil ? .sqlite : .postgres
    }

    static func open() async throws -> (Database, cleanup: @Sendable () -> Void) {
        var logger = Logger(label: "test.db")
        logger.logLevel = .warning
        if let url = ProcessInfo.processInfo.environment["CADENCE_TEST_POSTGRES_URL"] {
            let database = try await Database.open(.postgres(url: url), logger: logger)
            do {
                try await Migrator(database: database).migrate()
            } catch {
                try? await database.shutdown()  // a pool must be shut down before it goes away
                throw error
            }
            return (database, {})
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-test-\(UUID().uuidString)")
        let database = try await Database.open(.sqlite(path: folder.appendingPathComponent("cadence.sqlite").path), logger: logger)
        try await Migrator(database: database).migrate()
        return (database, { try? FileManager.default.removeItem(at: folder) })
    }

    /// A database of the test's own even on PostgreSQL (where `open` shares one): for what counts every row, such
    /// as the installation's media quota. The PostgreSQL database is created beside the shared one and dropped after.
    static func openPrivate() async throws -> (Database, cleanup: @Sendable () async -> Void) {
        guard let url = ProcessInfo.processInfo.environment["CADENCE_TEST_POSTGRES_URL"] else {
            let (database, cleanup) = try await open()
            return (database, { try? await database.shutdown(); cleanup() })
        }
        let (privateURL, drop) = try await emptyPostgresDatabase(beside: url)
        var logger = Logger(label: "test.db")
        logger.logLevel = .warning
        let database = try await Database.open(.postgres(url: privateURL), logger: logger)
        try await Migrator(database: database).migrate()
        return (database, {
            try? await database.shutdown()
            await drop()
        })
    }

    /// Runs `body` with a database of its own (`openPrivate`), closed and removed after, whether or not it throws.
    static func withPrivate(_ body: (Database) async throws -> Void) async throws {
        let (database, cleanup) = try await openPrivate()
        do {
            try await body(database)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }

    /// A new, empty PostgreSQL database on the test server (a restore's target); dropped by the returned closure.
    static func emptyPostgresDatabase(beside url: String) async throws -> (url: String, drop: @Sendable () async -> Void) {
        var logger = Logger(label: "test.db")
        logger.logLevel = .warning
        let name = "cadence_private_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let admin = try await Database.open(.postgres(url: url), logger: logger)
        try await admin.sql.raw("CREATE DATABASE \(ident: name)").run()
        guard var parts = URLComponents(string: url) else { throw TestFailure("not a URL: \(url)") }
        parts.path = "/\(name)"
        return (parts.string!, {
            try? await admin.sql.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
            try? await admin.shutdown()
        })
    }
}

struct TestServer {
    let client: any TestClientProtocol
    let clock: TestClock
    let mailer: RecordingMailer
    let database: Database
    /// The server's own folder (scratch files; the media too when they are kept in a directory); one per test.
    let dataDirectory: URL
    /// Where the server keeps slides, videos and songs (the database on PostgreSQL).
    let media: any MediaStore
    /// Every route the server answers, as "METHOD /path" (`Router.RouteDescription`).
    let routes: [String]
}

/// Builds the real router over a real database and hands the test a client.
/// `live: true` runs a real server on a free port (WebSocket tests need one).
/// `configure` changes what the server is built with (a push retry policy, say) before it is assembled.
func withTestServer(live: Bool = false, configure: (inout ServerDependencies) -> Void = { _ in },
                    _ body: @escaping @Sendable (TestServer) async throws -> Void) async throws {
    let (database, cleanup) = try await TestDatabase.open()
    defer { cleanup() }
    let clock = TestClock()
    let mailer = RecordingMailer()
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-data-\(UUID().uuidString.lowercased())")
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    var logger = Logger(label: "test.server")
    logger.logLevel = .warning
    var dependencies = ServerDependencies(
        database: database, mailer: mailer, clock: clock, passwordHasher: PasswordHasher(cost: 4),
        publicURL: "http://cadence.test", dataDirectory: dataDirectory, logger: logger)
    // Like bcrypt's cost 4 above: protected packages still use scrypt, at a cost a debug build can afford.
    dependencies.packageKeyCost = KDFParameters(n: 1 << 10, r: 8, p: 1)
    dependencies.pushEndpoints = .allowLocal  // the push services tests run are on this machine
    configure(&dependencies)
    let server = try await assembleServer(dependencies)
    let app = Application(router: server.router,
                          server: webSocketServer(server.router, limits: dependencies.connectionLimits, trustedProxies: dependencies.trustedProxies),
                          configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                          services: live ? server.services : [], logger: logger)
    let routes = server.router.routes.map(\.description)
    let media = dependencies.media
    do {
        try await app.test(live ? .live : .router) { client in
            try await body(TestServer(client: client, clock: clock, mailer: mailer, database: database, dataDirectory: dataDirectory,
                                  media: media, routes: routes))
        }
    } catch {
        try? await database.shutdown()
        throw error
    }
    try await database.shutdown()
}

/// A unique address per test, so tests can share one PostgreSQL database.
func uniqueEmail(_ name: String = "user") -> String {
    "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.org"
}

extension TestServer {
    /// The names of an account's stored files in one area ("stage", "tempo"), whichever backend keeps them.
    func storedFiles(_ area: String, token: String) async throws -> [String] {
        let owner = try await client.accountID(token: token)
        return try await media.keys(ownerID: owner).filter { $0.area == area }.map(\.file)
    }
}

import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LocalCA
import Logging
import PlatformService
import NIOCore
import NIOPosix
import NIOSSL
import Server
import Testing
import CadenceCore
import Web

/// HTTPS served by Cadence itself (issue 36): real TLS between a real client and the server, with certificates from
/// Cadence's own authority written to files as `--tls-cert` / `--tls-key` would name them.
@Suite(.timeLimit(.minutes(5)))
struct HTTPSServingTests {
    let logger: Logger = {
        var logger = Logger(label: "test.https")
        logger.logLevel = .critical
        return logger
    }()

    /// A root and a server certificate for localhost, written as PEM files in `folder`. (No address in it:
    /// BoringSSL, which this client verifies with, has dropped IP name constraints and refuses any chain whose leaf
    /// names an address under a root that constrains addresses; browsers, OpenSSL and Apple's and Java's verifiers
    /// check them — LocalAuthorityTests and the browser tests cover addresses.)
    static func writeCertificate(in folder: URL, names: ServedNames = ServedNames(dnsNames: ["localhost"], addresses: [])) throws
        -> (root: IssuedCertificate, files: TLSCertificateFiles) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: Date())
        let server = try LocalAuthority.issueServerCertificate(for: names, by: root, now: Date())
        let files = TLSCertificateFiles(certificatePath: folder.appendingPathComponent("cert.pem").path,
                                        keyPath: folder.appendingPathComponent("key.pem").path)
        try Data(try server.certificatePEM.utf8).write(to: URL(fileURLWithPath: files.certificatePath), options: .atomic)
        try Data(server.keyPEM.utf8).write(to: URL(fileURLWithPath: files.keyPath), options: .atomic)
        return (root, files)
    }

    /// Runs the real server over TLS with `tls` on a free port.
    func withHTTPSServer(_ tls: ReloadingTLSContext, limits: ConnectionLimits = .standard, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let (database, cleanup) = try await TestDatabase.open()
        defer { cleanup() }
        var dependencies = ServerDependencies(database: database, mailer: LogMailer(logger: logger), passwordHasher: PasswordHasher(cost: 4),
                                              publicURL: "https://localhost", logger: logger)
        dependencies.connectionLimits = limits
        let server = try await assembleServer(dependencies)
        let app = Application(router: server.router, server: webSocketServer(server.router, limits: limits, tls: tls, logger: logger),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        do {
            try await app.test(.ahc(.https)) { client in try await body(try #require(client.port)) }
        } catch {
            try? await database.shutdown()
            throw error
        }
        try await database.shutdown()
    }

    /// GET over a new connection from a client that trusts `root` only: the status, or nil when TLS refused it.
    static func get(_ url: String, trusting root: IssuedCertificate, versions: (TLSVersion, TLSVersion)? = nil) async -> UInt? {
        await response(url, trusting: root, versions: versions)?.status.code
    }

    /// The response to a GET over a new connection (HTTP/2 when `http1Only` is false and the server offers it).
    static func response(_ url: String, trusting root: IssuedCertificate, versions: (TLSVersion, TLSVersion)? = nil,
                         http1Only: Bool = false) async -> HTTPClientResponse? {
        var tls = TLSConfiguration.makeClientConfiguration()
        do {
            tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(try root.certificatePEM.utf8), format: .pem)])
        } catch { return nil }
        if let versions {
            (tls.minimumTLSVersion, tls.maximumTLSVersion) = versions
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = http1Only ? .http1Only : .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // A refused handshake fails at once; 30 s is for a handshake on a machine busy with the rest of the suite.
        let result = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        try? await client.shutdown()
        return result
    }

    @Test func offersHTTP2AndKeepsHTTP1ForClientsThatAskForIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (root, files) = try Self.writeCertificate(in: folder)
        try await withHTTPSServer(try ReloadingTLSContext(files: files, logger: logger)) { port in
            let http2 = try #require(await Self.response("https://localhost:\(port)/healthz", trusting: root))
            #expect(http2.version == .http2)
            #expect(http2.status == .ok)
            let http1 = try #require(await Self.response("https://localhost:\(port)/healthz", trusting: root, http1Only: true))
            #expect(http1.version == .http1_1)
            #expect(http1.status == .ok)
        }
    }

    @Test func servesHTTPSThatVerifiesAgainstItsRootAndNotAnother() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (root, files) = try Self.writeCertificate(in: folder)
        let stranger = try LocalAuthority.makeAuthority(hostname: "other", now: Date())
        let tls = try ReloadingTLSContext(files: files, logger: logger)
        try await withHTTPSServer(tls) { port in
            #expect(await Self.get("https://localhost:\(port)/healthz", trusting: root) == 200)
            #expect(await Self.get("https://localhost:\(port)/healthz", trusting: stranger) == nil, "a client that does not trust the root")
        }
    }

    @Test func refusesTLSOlderThan1_2() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (root, files) = try Self.writeCertificate(in: folder)
        try await withHTTPSServer(try ReloadingTLSContext(files: files, logger: logger)) { port in
            #expect(await Self.get("https://localhost:\(port)/healthz", trusting: root, versions: (.tlsv1, .tlsv11)) == nil, "TLS 1.0/1.1")
            #expect(await Self.get("https://localhost:\(port)/healthz", trusting: root, versions: (.tlsv12, .tlsv12)) == 200)
            #expect(await Self.get("https://localhost:\(port)/healthz", trusting: root, versions: (.tlsv13, .tlsv13)) == 200)
        }
    }

    @Test func aRenewedCertificateIsServedWithoutARestartAndABrokenOneIsNot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, files) = try Self.writeCertificate(in: folder)
        let tls = try ReloadingTLSContext(files: files, logger: logger)
        try await withHTTPSServer(tls) { port in
            let url = "https://localhost:\(port)/healthz"
            #expect(!tls.reloadIfChanged(), "nothing changed yet")
            // certbot renews: new files in place (here from another root, so the client can tell which is served).
            let (second, _) = try Self.writeCertificate(in: folder)
            #expect(await Self.get(url, trusting: second) == nil, "the renewed certificate is not served before it is read")
            #expect(tls.reloadIfChanged())
            #expect(await Self.get(url, trusting: second) == 200, "new connections get the renewed certificate")

            // A renewal caught half-way: the new certificate beside a key that is not its own. The last good pair stays.
            let other = try LocalAuthority.issueServerCertificate(
                for: ServedNames(dnsNames: ["localhost"], addresses: []), by: first, now: Date())
            try Data(try other.certificatePEM.utf8).write(to: URL(fileURLWithPath: files.certificatePath), options: .atomic)
            #expect(!tls.reloadIfChanged())
            #expect(await Self.get(url, trusting: second) == 200, "still served with the last good pair")
        }
    }

    @Test func aConnectionThatNeverSpeaksIsClosedAtTheHeaderTimeoutOverTLSToo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, files) = try Self.writeCertificate(in: folder)
        let limits = ConnectionLimits(headerTimeoutSeconds: 0.5, idleTimeoutSeconds: 5, connectionsPerAddress: 0)
        try await withHTTPSServer(try ReloadingTLSContext(files: files, logger: logger), limits: limits) { port in
            // No TLS handshake, nothing at all: the connection must not stay open (NIOSSL cannot half-close a read side).
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
            let closed = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { try await channel.closeFuture.get(); return true }
                group.addTask { try await Task.sleep(for: .seconds(10)); return false }
                let first = try await group.next()!
                group.cancelAll()
                return first
            }
            #expect(closed, "the silent connection was still open 10 s after a 0.5 s header timeout")
            try? await channel.close()
        }
    }
}

/// `--trusted-proxy`: the client a trusted proxy names is who the throttles count; anyone else's forwarding
/// headers change nothing.
@Suite(.timeLimit(.minutes(5)))
struct TrustedProxyTests {
    static func login(_ client: some TestClientProtocol, _ email: String, _ password: String, from address: String) async throws -> TestResponse {
        try await client.json(.post, "/api/v1/auth/login", body: #"{"email":"\#(email)","password":"\#(password)"}"#,
                              headers: [HTTPField.Name("X-Forwarded-For")!: address])
    }

    @Test func behindATrustedProxyOnePersonsWrongPasswordsDoNotSlowAnother() async throws {
        try await withTestServer(live: true, configure: { $0.trustedProxies = TrustedProxies([IPAddressRange("127.0.0.1")!]) }) { server in
            let email = uniqueEmail("shared")
            _ = try await server.client.register(email: email, password: "right password")
            for _ in 0..<5 { _ = try await Self.login(server.client, email, "wrong", from: "198.51.100.7") }
            #expect(try await Self.login(server.client, email, "right password", from: "198.51.100.7").status == .tooManyRequests)
            #expect(try await Self.login(server.client, email, "right password", from: "198.51.100.8").status == .ok,
                    "the same e-mail from another client behind the proxy is not slowed")
        }
    }

    @Test func aForgedForwardingHeaderFromAnUntrustedClientChangesNothing() async throws {
        try await withTestServer(live: true) { server in
            let email = uniqueEmail("forger")
            _ = try await server.client.register(email: email, password: "right password")
            // A new "address" each time: without --trusted-proxy every attempt is 127.0.0.1's.
            for attempt in 0..<5 { _ = try await Self.login(server.client, email, "wrong", from: "203.0.113.\(attempt)") }
            #expect(try await Self.login(server.client, email, "right password", from: "203.0.113.99").status == .tooManyRequests)
        }
    }
}

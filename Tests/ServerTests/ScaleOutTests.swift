import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import PlatformService
import Server
import Storage
import Testing
import Web

/// P4: two server instances on one PostgreSQL database. A change made through one
/// reaches a device connected to the other. (SQLite is one process by design.)
@Suite(.timeLimit(.minutes(5)), .enabled(if: TestDatabase.engineUnderTest == .postgres, "needs CADENCE_TEST_POSTGRES_URL"))
struct ScaleOutTests {
    /// Every live test server on the shared database keeps time by a `TestClock`, and each one's
    /// housekeeping forgets instances its clock calls silent for 30 s: an instance on the real clock
    /// (weeks behind a TestClock) would be forgotten, with its sockets' presence, by whichever test
    /// server ran beside it. So these instances keep test time too.
    static func instance(_ database: Database) async throws -> Application<RouterResponder<AppContext>> {
        var logger = Logger(label: "test.instance")
        logger.logLevel = .warning
        let dependencies = ServerDependencies(
            database: database, mailer: RecordingMailer(), clock: TestClock(), passwordHasher: PasswordHasher(cost: 4),
            publicURL: "http://cadence.test", logger: logger)
        let server = try await assembleServer(dependencies)
        return Application(router: server.router, server: webSocketServer(server.router),
                           configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                           services: server.services, logger: logger)
    }

    /// Two live instances, each with its own pool on the same database, for the body's duration.
    static func withTwoInstances(
        _ body: @escaping @Sendable (_ clientA: any TestClientProtocol, _ clientB: any TestClientProtocol) async throws -> Void
    ) async throws {
        let (databaseA, _) = try await TestDatabase.open()
        let (databaseB, _) = try await TestDatabase.open()
        let instanceA = try await instance(databaseA)
        let instanceB = try await instance(databaseB)
        try await instanceA.test(.live) { clientA in
            try await instanceB.test(.live) { clientB in
                try await withDeadline { try await body(clientA, clientB) }
            }
        }
        try await databaseA.shutdown()
        try await databaseB.shutdown()
    }

    @Test func anEventCausedThroughOneInstanceReachesADeviceOnTheOther() async throws {
        try await Self.withTwoInstances { clientA, clientB in
            let account = try await LiveAccount.make(clientB)
            try await clientA.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                try await Task.sleep(for: .milliseconds(300))  // let A's listener settle
                #expect(try await account.find(clientB).status == .accepted)
                let event = try await reader.next(ofType: "device.find")
                #expect(event.data["deviceId"] as? String == account.deviceID.lowercased())
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func presenceIsWholeAcrossInstances() async throws {
        try await Self.withTwoInstances { clientA, clientB in
            let account = try await LiveAccount.make(clientB)
            // The watch holds its socket on A; the phone asks B who is online.
            try await clientA.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var watch = LiveReader(inbound)
                _ = try await watch.next(ofType: "hello")
                let presence = try await clientB.json(.get, "/api/v1/live/presence", token: account.personToken)
                let online = presence.object["online"] as? [[String: Any]] ?? []
                #expect(online.contains { $0["deviceId"] as? String == account.deviceID.lowercased() })
                try await outbound.close(.normalClosure, reason: nil)
            }
            // Once it leaves, it is no longer listed.
            try await Task.sleep(for: .milliseconds(300))
            let after = try await clientB.json(.get, "/api/v1/live/presence", token: account.personToken)
            #expect((after.object["online"] as? [[String: Any]] ?? []).isEmpty)
        }
    }

    /// Each instance caches resolved sessions; a sign-out through one must end the
    /// session on the other too (NOTIFY clears its cache), not after the cache expires.
    @Test func aSignOutThroughOneInstanceHoldsOnTheOther() async throws {
        try await Self.withTwoInstances { clientA, clientB in
            let token = try await clientB.register(email: uniqueEmail("scaled"))
            try await Task.sleep(for: .milliseconds(300))  // let A's listener settle
            let cached = ContinuousClock.now
            #expect(try await clientA.json(.get, "/api/v1/auth/me", token: token).status == .ok)  // now cached on A
            #expect(try await clientB.json(.post, "/api/v1/auth/logout", token: token).status == .noContent)
            // A's cache keeps a session 5 s from when it was cached: a refusal seen before then came from B's NOTIFY.
            // (No tighter bound: a busy machine running every suite at once can take seconds over the NOTIFY.)
            var status = HTTPResponse.Status.ok
            while status == .ok, ContinuousClock.now - cached < .milliseconds(4500) {
                status = try await clientA.json(.get, "/api/v1/auth/me", token: token).status
                if status == .ok { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(status == .unauthorized, "the session still held on A 4.5 s after it was cached there")
        }
    }
}

import ArgumentParser
import CadenceCore
import Crypto
import Foundation
import Hummingbird
import Logging
import PlatformService
import Server
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Web Push's speed: a place alert from the location report that fires it to the push request arriving at a push
/// service on this machine (a real `cadence serve`), and one notification fanned out to many subscriptions
/// (encryption and VAPID included) against a bare POST loop to the same push service in the same run.
struct PushBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: """
            Alert → push latency p50/p99, task list change → WebDAV-Push p50/p99, and pushes/s for a fan-out to many \
            subscriptions against a bare POST loop.
            """)

    @Option(help: "Place alerts (and task list changes) to time, one at a time.") var alerts: Int = 200
    @Option(help: "Subscriptions one notification fans out to.") var subscriptions: Int = 10_000
    @Option(help: "Requests under way at once, in the fan-out and in the bare loop.") var concurrency: Int = 64

    func validate() throws {
        guard alerts > 0, subscriptions > 0, concurrency > 0 else {
            throw ValidationError("--alerts, --subscriptions and --concurrency must be positive.")
        }
    }

    func run() async throws {
        let receiver = BenchPushReceiver()
        let receiverPort = try BenchServer.freePort()
        let receiverTask = try await receiver.start(port: receiverPort)
        defer { receiverTask.cancel() }
        let base = "http://127.0.0.1:\(receiverPort)"

        let latencies = try await alertLatencies(receiver: receiver, base: base)
        print(String(format: "alert → push received (%d alerts, one at a time): p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                     latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.max() ?? 0))

        let calendar = try await calendarPushLatencies(receiver: receiver, base: base)
        print(String(format: "task list change → WebDAV-Push received (%d changes through the API, one at a time): p50 %.1f ms, p99 %.1f ms"
                     + " (target p99 ≤ 100 ms); the save's own round trip p50 %.1f ms, p99 %.1f ms; polling instead: DAVx5 every 15 min at best",
                     calendar.pushed.count, percentile(calendar.pushed, 0.5), percentile(calendar.pushed, 0.99),
                     percentile(calendar.saved, 0.5), percentile(calendar.saved, 0.99)))

        let (bare, pushed) = try await fanOutRates(receiver: receiver, base: base)
        print(String(format: "bare POST loop: %d requests in %.2f s = %.0f requests/s", subscriptions, bare.seconds, Double(subscriptions) / bare.seconds))
        print(String(format: "fan-out (encrypted, VAPID-signed): %d pushes in %.2f s = %.0f pushes/s (%d delivered)",
                     subscriptions, pushed.seconds, Double(subscriptions) / pushed.seconds, pushed.delivered))
        print(String(format: "fan-out / bare loop rate: %.2f", bare.seconds / pushed.seconds))
    }

    /// Through a real server: a reminder at a place, then reports away and back; each return fires the alert once.
    func alertLatencies(receiver: BenchPushReceiver, base: String) async throws -> [Double] {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try await BenchServer.start(
            arguments: ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10", "--allow-local-push-services"],
            port: try BenchServer.freePort())
        defer { server.stop() }
        let token = try await server.registerBenchUser()
        let browser = P256.KeyAgreement.PrivateKey()
        let subscribed = try await server.post("/api/v1/push/subscriptions", [
            "endpoint": "\(base)/push/latency",
            "keys": ["p256dh": Base64URL.encode(browser.publicKey.x963Representation), "auth": Base64URL.encode(Data(count: 16))],
        ], token: token)
        guard subscribed["id"] != nil else { throw CLIError("subscribing failed: \(subscribed)") }
        let gate = (latitude: 52.516275, longitude: 13.377704)
        _ = try await server.post("/api/v1/spots/reminders", [
            "title": "Bench", "place": ["name": "Gate", "latitude": gate.latitude, "longitude": gate.longitude, "radius": 150, "trigger": "arrive"],
        ], token: token)
        var at = Int64(Date().timeIntervalSince1970 * 1000)
        func report(metresNorth: Double) async throws -> [String: Any] {
            at += 1000
            return try await server.post("/api/v1/spots/locations", ["reports": [[
                "latitude": gate.latitude + metresNorth / 111_320, "longitude": gate.longitude, "accuracy": 10, "at": at,
            ]]], token: token)
        }
        var latencies: [Double] = []
        for _ in 0..<alerts {
            _ = try await report(metresNorth: 5000)
            let before = receiver.count
            let sent = ContinuousClock.now
            guard try await report(metresNorth: 0)["fired"] as? Int == 1 else { throw CLIError("the alert did not fire") }
            let arrived = try await receiver.waitForCount(before + 1)
            latencies.append(Double((arrived - sent).components.attoseconds) / 1e15 + Double((arrived - sent).components.seconds) * 1000)
        }
        return latencies.sorted()
    }

    struct Timed { var seconds: Double; var delivered: Int }

    /// In this process: the platform's push delivery over subscriptions held in memory, and the same number of bare
    /// POSTs through the same HTTP client.
    func fanOutRates(receiver: BenchPushReceiver, base: String) async throws -> (bare: Timed, pushed: Timed) {
        let notification = PushNotification(module: .spots, title: "Meet Ann", body: "You arrived at Brandenburg Gate.", tag: "bench",
                                            url: "/phone/spots", actions: [.init(action: "complete", title: "Complete")])
        let account = UUID()
        print("making \(subscriptions) subscriptions…")
        let targets = (0..<subscriptions).map { index in
            PushSubscription(id: UUID(), accountID: account, deviceID: nil, sessionID: nil, endpoint: "\(base)/push/\(index)",
                             userAgentKey: P256.KeyAgreement.PrivateKey().publicKey.x963Representation,
                             authSecret: Data((0..<16).map { _ in UInt8.random(in: 0...255) }), label: "Bench", role: .phone, createdAt: Date())
        }
        let transport = HTTPPushTransport(rule: .allowLocal)
        let store = BenchPushStore()
        let service = PushService(subscriptions: store, keys: store, transport: transport, clock: SystemClock(),
                                  logger: Logger(label: "bench.push", factory: { _ in SwiftLogNoOpLogHandler() }),
                                  subject: "https://bench.cadence.invalid", endpointRule: .allowLocal, concurrentDeliveries: concurrency)
        _ = try await service.key()

        // The same body size as an encrypted push, so the two loops move the same bytes.
        let sampleBody = try WebPushEncryption.encrypt(notification.payload, userAgentKey: targets[0].userAgentKey, authSecret: targets[0].authSecret)
        let bareStart = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func add() {
                let index = next
                next += 1
                group.addTask {
                    _ = try await transport.send(PushRequest(endpoint: URL(string: "\(base)/push/bare-\(index)")!,
                                                             headers: [("Content-Type", "application/octet-stream")], body: sampleBody))
                }
            }
            for _ in 0..<min(concurrency, subscriptions) { add() }
            while try await group.next() != nil { if next < subscriptions { add() } }
        }
        let bare = Timed(seconds: Self.seconds(ContinuousClock.now - bareStart), delivered: subscriptions)

        let pushStart = ContinuousClock.now
        let report = try await service.fanOut(notification, to: targets)
        let pushed = Timed(seconds: Self.seconds(ContinuousClock.now - pushStart), delivered: report.delivered)
        return (bare, pushed)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}

/// The bench's push service: answers 201 to every POST and notes when each arrived.
final class BenchPushReceiver: Sendable {
    private let arrivals = Mutex<[ContinuousClock.Instant]>([])

    var count: Int { arrivals.withLock { $0.count } }

    func start(port: Int) async throws -> Task<Void, Never> {
        let router = Router()
        router.post("/push/:id") { [self] request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 16)
            arrivals.withLock { $0.append(.now) }
            return Response(status: .created)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                              logger: Logger(label: "bench.push-service", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { _ = try? await app.runService() }
        // Ready once it answers.
        for _ in 0..<500 {
            if (try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)) != nil { return task }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CLIError("the bench's push service did not start")
    }

    /// When the `count`-th push arrived (waiting up to 10 s for it).
    func waitForCount(_ count: Int) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let arrived = arrivals.withLock({ $0.count >= count ? $0[count - 1] : nil }) { return arrived }
            try await Task.sleep(for: .microseconds(200))
        }
        throw CLIError("push \(count) never arrived")
    }
}

/// Subscriptions and the key held in memory: the fan-out measures delivery, not the database.
final class BenchPushStore: PushSubscriptionRepository, VAPIDKeyRepository {
    private let stored = Mutex<String?>(nil)
    func save(_ subscription: PushSubscription) async throws {}
    func subscriptions(accountID: UUID) async throws -> [PushSubscription] { [] }
    func delete(id: UUID, accountID: UUID) async throws -> Bool { false }
    func recordOutcome(id: UUID, deliveredAt: Date?, error: String?) async throws {}
    func setWristCues(_ on: Bool, endpoint: String, accountID: UUID) async throws -> PushSubscription? { nil }
    func wantsWristCues(accountID: UUID) async throws -> Bool { false }
    func mutedModules(accountID: UUID) async throws -> Set<PushModule> { [] }
    func setMutedModules(_ modules: Set<PushModule>, accountID: UUID) async throws {}
    func key(creatingWith candidate: String, at: Date) async throws -> String {
        stored.withLock { key in
            if key == nil { key = candidate }
            return key!
        }
    }
}

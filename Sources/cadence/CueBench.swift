import ArgumentParser
import CadenceCore
import Crypto
import Foundation
import Hummingbird
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 37: many talks running at once, each pushing its cues to the wrist, through real `cadence serve` processes
/// and a push service on this machine that notes when each push arrives. Measures a cue's instant → the push request
/// received (the claim, the event, the encryption and VAPID work and the HTTP request included), and checks that no
/// cue came twice and none was lost (with two instances on PostgreSQL, the claim is what keeps them apart).
struct CueBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cues",
        abstract: "Talks running at once, each cue pushed at its instant: cue → push received p50/p99, none twice, none lost.")

    @Option(help: "Talks running at once (one account each, one phone subscribed with cues on the wrist).") var talks: Int = 1000
    @Option(help: "Cues per talk.") var cues: Int = 10
    @Option(help: "Seconds between a talk's cues.") var every: Int = 3
    @Option(help: ArgumentHelp("PostgreSQL URL: run two instances on it (default: one instance on a fresh SQLite file).", valueName: "url"))
    var database: String?

    func validate() throws {
        guard talks > 0, cues > 0, every > 0 else { throw ValidationError("--talks, --cues and --every must be positive.") }
    }

    func run() async throws {
        let receiver = CueArrivals()
        let receiverPort = try BenchServer.freePort()
        let receiverTask = try await receiver.start(port: receiverPort)
        defer { receiverTask.cancel() }

        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var arguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10", "--allow-local-push-services"]
        if let database { arguments += ["--database", database] }
        var started: [BenchServer] = []
        for _ in 0..<(database == nil ? 1 : 2) {
            started.append(try await BenchServer.start(arguments: arguments, port: try BenchServer.freePort()))
        }
        let servers = started
        defer { servers.forEach { $0.stop() } }

        print("setting up \(talks) accounts, each with a phone taking cues for the wrist and a talk of \(cues) cues \(every) s apart…")
        let base = "http://127.0.0.1:\(receiverPort)"
        let setups = try await withThrowingTaskGroup(of: (Int, String, String).self) { group in
            var made: [(token: String, topicID: String)] = Array(repeating: ("", ""), count: talks)
            var next = 0
            func add() {
                let index = next
                next += 1
                group.addTask {
                    let (token, topic) = try await setUp(index, on: servers[index % servers.count], pushBase: base)
                    return (index, token, topic)
                }
            }
            for _ in 0..<min(8, talks) { add() }
            while let (index, token, topic) = try await group.next() {
                made[index] = (token, topic)
                if next < talks { add() }
            }
            return made
        }

        // Starts spread evenly over one gap between cues, so the cues of all talks fall evenly through each second.
        print("starting the talks…")
        let startBase = Date().millisecondsSince1970 + 1000
        let spacing = Double(every * 1000) / Double(talks)
        let startedAt = (0..<talks).map { startBase + Int64(Double($0) * spacing) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<talks {
                let at = startedAt[index]
                let wait = at - Date().millisecondsSince1970
                if wait > 0 { try await Task.sleep(for: .milliseconds(wait)) }
                group.addTask {
                    let server = servers[index % servers.count]
                    let run = try await server.post("/api/v1/talks/runs", ["topicId": setups[index].topicID, "at": at], token: setups[index].token)
                    guard run["id"] != nil else { throw CLIError("starting talk \(index) failed: \(run)") }
                }
            }
            try await group.waitForAll()
        }
        let expectedPerTalk = cues + 1  // each cue, then "Time's up"
        let end = startBase + Int64(every * 1000 * cues) + 5_000 + Int64(every * 1000)
        while Date().millisecondsSince1970 < end, receiver.total < talks * expectedPerTalk {
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .seconds(2))  // a cue sent twice would come now

        var lateness: [Double] = []
        var twice = 0
        var lost = 0
        for (index, arrivals) in receiver.byTalk(talks).enumerated() {
            let instants = (0...cues).map { startedAt[index] + Int64($0 * every * 1000) }
            if arrivals.count > instants.count { twice += arrivals.count - instants.count }
            if arrivals.count < instants.count { lost += instants.count - arrivals.count }
            for (arrival, instant) in zip(arrivals, instants) { lateness.append(Double(arrival - instant)) }
        }
        lateness.sort()
        func percentile(_ p: Double) -> Double { lateness.isEmpty ? .nan : lateness[min(lateness.count - 1, Int(Double(lateness.count - 1) * p))] }
        let setupName = database == nil ? "1 instance, SQLite" : "2 instances, PostgreSQL (talks split between them)"
        print("cadence bench cues — \(setupName), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("talks: \(talks), each \(cues) cues \(every) s apart and Time's up: \(talks * expectedPerTalk) pushes expected, "
              + String(format: "%.0f/s", Double(talks) / Double(every)))
        print("received: \(receiver.total); sent twice: \(twice); lost: \(lost)")
        print(String(format: "cue instant → push received: p50 %.1f ms, p99 %.1f ms, max %.1f ms, earliest %.1f ms",
                     percentile(0.5), percentile(0.99), lateness.last ?? .nan, lateness.first ?? .nan))
        print("target: p99 ≤ 50 ms; no cue twice, none lost")
    }

    /// One account: registered, its phone subscribed (a fresh P-256 key, as a browser makes) with cues on the wrist,
    /// and a talk of `cues` cues.
    func setUp(_ index: Int, on server: BenchServer, pushBase: String) async throws -> (String, String) {
        let token = try await server.registerBenchUser()
        let endpoint = "\(pushBase)/push/\(index)"
        let browser = P256.KeyAgreement.PrivateKey()
        let subscribed = try await server.post("/api/v1/push/subscriptions", [
            "endpoint": endpoint,
            "keys": ["p256dh": Base64URL.encode(browser.publicKey.x963Representation), "auth": Base64URL.encode(Data(count: 16))],
        ], token: token)
        guard subscribed["id"] != nil else { throw CLIError("subscribing failed: \(subscribed)") }
        let chosen = try await server.send("PUT", "/api/v1/push/wrist-cues", ["endpoint": endpoint, "on": true], token: token)
        guard chosen["wristCues"] as? Bool == true else { throw CLIError("choosing cues on the wrist failed: \(chosen)") }
        let topic = try await server.post("/api/v1/talks/topics", [
            "title": "Bench talk \(index)", "duration": cues * every,
            "cues": (0..<cues).map { ["keyword": "Cue \($0 + 1)", "time": $0 * every] },
        ], token: token)
        guard let topicID = topic["id"] as? String else { throw CLIError("making the talk failed: \(topic)") }
        return (token, topicID)
    }
}

/// The bench's push service: answers 201 to every POST and notes, per talk, when each push arrived (wall clock, ms).
final class CueArrivals: Sendable {
    private let arrivals = Mutex<[Int: [Int64]]>([:])

    var total: Int { arrivals.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    func byTalk(_ count: Int) -> [[Int64]] {
        arrivals.withLock { all in (0..<count).map { all[$0] ?? [] } }
    }

    func start(port: Int) async throws -> Task<Void, Never> {
        let router = Router()
        router.post("/push/:id") { [self] request, context -> Response in
            let arrived = Date().millisecondsSince1970
            _ = try await request.body.collect(upTo: 1 << 16)
            if let index = context.parameters.get("id").flatMap(Int.init) {
                arrivals.withLock { $0[index, default: []].append(arrived) }
            }
            return Response(status: .created)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), backlog: 1024),
                              logger: Logger(label: "bench.push-service", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { _ = try? await app.runService() }
        for _ in 0..<500 {
            if (try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)) != nil { return task }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CLIError("the bench's push service did not start")
    }
}

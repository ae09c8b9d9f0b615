import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 22's CalDAV figures, side by side with Radicale in the same run: a client's full sync of a 10,000-task list
/// (sync-collection, then calendar-multiget in batches) and an incremental sync after one change, both driven by the
/// same client (e2e/bench/caldav_sync.py) against each server holding the same tasks; then many clients polling the
/// list's getctag, as calendar apps do between syncs.
struct CalDAVBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caldav",
        abstract: "Full and incremental sync of a 10,000-task list (vs Radicale), and getctag polling p99.",
        discussion: """
            Build with -c release. Needs the test virtualenv (.venv: radicale, requests) for the sync client and Radicale; \
            pass --python for another interpreter. Run from the repository (it uses e2e/bench/caldav_sync.py).
            """)

    @Option(help: "Tasks in the list.") var count: Int = 10_000
    @Option(help: "hrefs per calendar-multiget.") var batch: Int = 100
    @Option(name: .customLong("repeat"), help: "Timed syncs of each kind.") var repeats: Int = 3
    @Option(help: "Clients polling getctag.") var clients: Int = 1_000
    @Option(help: "Seconds between one client's polls.") var pollSeconds: Double = 10
    @Option(help: "Seconds of polling to measure.") var duration: Double = 30
    @Option(help: "Python with requests and radicale (default: .venv/bin/python).") var python: String?
    @Flag(help: "Leave Radicale out (its first sync of 10,000 tasks takes about a minute here).") var skipRadicale = false

    struct SyncFigures: Decodable {
        let full_ms: [Double]
        let incremental_ms: [Double]
        let items: Int
        /// The same syncs by a client that parses nothing: the server's and the wire's share.
        let raw: RawFigures
        var full: Double { RunBench.percentile(full_ms, 0.5) }
        var incremental: Double { RunBench.percentile(incremental_ms, 0.5) }
    }

    struct RawFigures: Decodable {
        let full_ms: [Double]
        let incremental_ms: [Double]
        var full: Double { RunBench.percentile(full_ms, 0.5) }
        var incremental: Double { RunBench.percentile(incremental_ms, 0.5) }
    }

    func run() async throws {
        let interpreter = python ?? ".venv/bin/python"
        let script = "e2e/bench/caldav_sync.py"
        guard FileManager.default.isExecutableFile(atPath: interpreter), FileManager.default.fileExists(atPath: script) else {
            throw CLIError("needs \(script) and a Python with requests and radicale (\(interpreter)); run from the repository after scripts/test")
        }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try await BenchServer.start(arguments: ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"],
                                                 port: try BenchServer.freePort())
        defer { server.stop() }
        let email = "bench-\(UUID().uuidString.lowercased())@example.org"
        let registered = try await server.post("/api/v1/auth/register", ["email": email, "displayName": "Bench", "password": "bench-password-1"])
        guard let token = registered["token"] as? String else { throw CLIError("registering failed: \(registered)") }
        let made = try await server.post("/api/v1/devices/app-passwords", ["name": "Bench"], token: token)
        guard let password = made["password"] as? String else { throw CLIError("making an app password failed: \(made)") }
        let list = "http://127.0.0.1:\(server.port)/dav/calendars/reminders/"

        print("cadence bench caldav — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(count) tasks, multiget batches of \(batch)")
        let seedStart = ContinuousClock.now
        _ = try Self.python(interpreter, [script, "http-seed", "--url", list, "--user", email, "--password", password,
                                          "--count", String(count)])
        print(String(format: "seeded Cadence over CalDAV (PUT, 8 at a time): %.1f s", (ContinuousClock.now - seedStart).seconds))
        let cadence = try JSONDecoder().decode(SyncFigures.self, from: try Self.python(interpreter, [
            script, "sync", "--url", list, "--user", email, "--password", password, "--batch", String(batch), "--repeat", String(repeats),
            "--count", String(count),
        ]))
        print(String(format: "Cadence   full sync %8.1f ms   incremental %7.1f ms   (%d items; medians of %d; python caldav-style client)",
                     cadence.full, cadence.incremental, cadence.items, repeats))
        print(String(format: "Cadence   full sync %8.1f ms   incremental %7.1f ms   (raw client: bodies read, not parsed)",
                     cadence.raw.full, cadence.raw.incremental))
        if !skipRadicale {
            let radicale = try JSONDecoder().decode(SyncFigures.self, from: try Self.python(interpreter, [
                script, "radicale-bench", "--count", String(count), "--batch", String(batch), "--repeat", String(repeats),
            ]))
            print(String(format: "Radicale  full sync %8.1f ms   incremental %7.1f ms   (%d items)", radicale.full, radicale.incremental,
                         radicale.items))
            print(String(format: "Radicale  full sync %8.1f ms   incremental %7.1f ms   (raw client)", radicale.raw.full, radicale.raw.incremental))
            print(String(format: "Cadence is %.1f× faster on the full sync and %.1f× on the incremental one (target: ≥ 5× on both)",
                         radicale.full / cadence.full, radicale.incremental / cadence.incremental))
            print(String(format: "as servers (raw client): %.1f× on the full sync (target ≥ 20×) and %.1f× on the incremental (target ≥ 50×)",
                         radicale.raw.full / cadence.raw.full, radicale.raw.incremental / cadence.raw.incremental))
        }
        try await poll(list: list, email: email, password: password)
    }

    /// `clients` pollers, each asking for the list's getctag every `pollSeconds` from a random start, for `duration`.
    private func poll(list: String, email: String, password: String) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 256
        let session = URLSession(configuration: configuration)
        let authorization = "Basic " + Data("\(email):\(password)".utf8).base64EncodedString()
        let body = Data(#"<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/></d:prop></d:propfind>"#.utf8)
        var request = URLRequest(url: URL(string: list)!)
        request.httpMethod = "PROPFIND"
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        request.setValue("0", forHTTPHeaderField: "Depth")
        request.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let end = ContinuousClock.now + .seconds(duration)
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<clients {
                group.addTask { [request] in
                    var mine: [Double] = []
                    try await Task.sleep(for: .seconds(Double.random(in: 0..<pollSeconds)))
                    while ContinuousClock.now < end {
                        let start = ContinuousClock.now
                        let (data, response) = try await session.data(for: request)
                        guard (response as? HTTPURLResponse)?.statusCode == 207, String(decoding: data, as: UTF8.self).contains("getctag>")
                        else { throw CLIError("a getctag poll failed: \(String(decoding: data.prefix(200), as: UTF8.self))") }
                        mine.append((ContinuousClock.now - start).milliseconds)
                        try await Task.sleep(until: start + .seconds(pollSeconds))
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        guard !latencies.isEmpty else { throw CLIError("no poll finished; raise --duration") }
        print(String(format: "getctag polls: %d clients every %.0f s for %.0f s: %d polls, p50 %.2f ms, p99 %.2f ms, max %.2f ms (target p99 ≤ 10 ms)",
                     clients, pollSeconds, duration, latencies.count, RunBench.percentile(latencies, 0.5),
                     RunBench.percentile(latencies, 0.99), latencies.max() ?? 0))
    }

    static func python(_ interpreter: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CLIError("\(arguments.prefix(2).joined(separator: " ")) failed (status \(process.terminationStatus))") }
        return data
    }
}

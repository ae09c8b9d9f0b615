import ArgumentParser
import Foundation
import Geo
import HummingbirdWSClient
import Logging
import Synchronization
import Tempo
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Issue 9's figures: GPX import throughput and the stats time for a 10-hour 1 Hz track (in
/// process, each beside a floor measured on the same data: a bare XML pass and a bare haversine
/// sum), the same import through a real `cadence serve`, and sample ingest over HTTP and over
/// the live channel beside a GET /healthz round trip.
struct RunBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "GPX import throughput, stats time for a 10-hour track, and sample ingest over HTTP and the live channel.",
        discussion: "Build with -c release.")

    @Option(help: "Hours of 1 Hz track to generate.") var hours: Double = 10
    @Option(help: "Samples per ingest request or live message (a phone flushing every minute sends 60).") var batch: Int = 60
    @Option(help: "Ingest requests (and live messages) to time.") var requests: Int = 200
    @Option(help: ArgumentHelp("Database to serve from (default: a fresh SQLite file).", valueName: "url")) var database: String?

    func validate() throws {
        guard hours > 0, hours <= 24, batch > 0, batch <= RunSampleRules.maximumBatch, requests > 0 else {
            throw ValidationError("--hours is 0–24, --batch 1–\(RunSampleRules.maximumBatch), --requests positive.")
        }
    }

    func run() async throws {
        let samples = Self.track(hours: hours)
        let gpx = try GPXWriter.write(name: "Bench", activity: .running, samples: samples).data
        print("cadence bench run — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(samples.count) samples (\(hours) h at 1 Hz), GPX \(gpx.count / 1024) KiB")

        // In process: import and stats, each beside its floor.
        let bareXML = Self.best(of: 3) { _ = BareXMLPass(data: gpx).run() }
        let importing = try Self.best(of: 3) { _ = try RunFileImporter.read(gpx) }
        print(String(format: "GPX import (parse, hr/cad extensions):   %.0f ms, %.0f points/s  (÷ bare XMLParser pass %.0f ms: %.1f×)",
                     importing * 1000, Double(samples.count) / importing, bareXML * 1000, importing / bareXML))
        let floor = Self.best(of: 5) { _ = Self.haversineSum(samples) }
        let stats = Self.best(of: 5) {
            let cleaned = TrackCleaning.clean(samples, activity: .running)
            _ = RunStats.compute(samples: cleaned.samples, activity: .running, profile: RunnerProfile(weightKg: 70, age: 40, sex: .female))
        }
        print(String(format: "stats (clean + compute), %.0f h track:      %.1f ms  (÷ bare haversine sum %.2f ms: %.0f×)  target ≤ 100 ms",
                     hours, stats * 1000, floor * 1000, stats / floor))

        // Through the server.
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var arguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"]
        if let database { arguments += ["--database", database] }
        let port = try BenchServer.freePort()
        let server = try await BenchServer.start(arguments: arguments, port: port)
        defer { server.stop() }
        let client = BenchHTTP(port: port, token: try await server.registerBenchUser())

        var reference: [Double] = []
        for _ in 0..<requests { reference.append(try await client.timed("GET", "/healthz")) }
        let healthz = Self.percentile(reference, 0.5)
        print(String(format: "reference GET /healthz round trip:        p50 %.2f ms", healthz))

        let importStart = ContinuousClock.now
        _ = try await client.json("POST", "/api/v1/tempo/runs/import", body: gpx, contentType: "application/gpx+xml", expect: 201)
        let importSeconds = (ContinuousClock.now - importStart).seconds
        print(String(format: "GPX import over the API (stored, stats):  %.2f s, %.0f points/s", importSeconds, Double(samples.count) / importSeconds))

        let http = try await ingestOverHTTP(client)
        print(String(format: "ingest over HTTP (%d × %d samples):       %.0f samples/s, p50 %.1f ms per request (÷ reference %.1f)",
                     requests, batch, http.rate, http.p50, http.p50 / healthz))
        let live = try await ingestOverLive(client)
        print(String(format: "ingest over the live channel (%d × %d):  %.0f samples/s, p50 %.1f ms per message (÷ reference %.1f)",
                     requests, batch, live.rate, live.p50, live.p50 / healthz))
    }

    // MARK: Ingest

    private func startRun(_ client: BenchHTTP) async throws -> (UUID, Int64) {
        let id = UUID()
        let start = Date().addingTimeInterval(-Double(requests * batch))
        let body = try JSONSerialization.data(withJSONObject: ["id": id.uuidString, "startedAt": ISO8601DateFormatter().string(from: start)])
        _ = try await client.json("POST", "/api/v1/tempo/runs", body: body, expect: 201)
        return (id, start.millisecondsSince1970 / 1000 * 1000)
    }

    private func batchJSON(_ index: Int, from t0: Int64) -> [[String: Any]] {
        (0..<batch).map { i in
            let n = index * batch + i
            return ["t": t0 + Int64(n) * 1000, "lat": 45 + Double(n) * 0.00003, "lon": 7.0, "hr": 150, "cadence": 172, "tempo": 172]
        }
    }

    private func ingestOverHTTP(_ client: BenchHTTP) async throws -> (rate: Double, p50: Double) {
        let (id, t0) = try await startRun(client)
        var times: [Double] = []
        let start = ContinuousClock.now
        for index in 0..<requests {
            let body = try JSONSerialization.data(withJSONObject: ["samples": batchJSON(index, from: t0)])
            times.append(try await client.timed("POST", "/api/v1/tempo/runs/\(id)/samples", body: body))
        }
        let seconds = (ContinuousClock.now - start).seconds
        return (Double(requests * batch) / seconds, Self.percentile(times, 0.5))
    }

    /// Commands sent one after another on one socket, each waited for until acknowledged.
    private func ingestOverLive(_ client: BenchHTTP) async throws -> (rate: Double, p50: Double) {
        let (id, t0) = try await startRun(client)
        let messages = try (0..<requests).map { index in
            String(decoding: try JSONSerialization.data(withJSONObject: [
                "id": UUID().uuidString, "type": "tempo.samples", "data": ["runId": id.uuidString, "samples": batchJSON(index, from: t0)],
            ]), as: UTF8.self)
        }
        let logger = Logger(label: "bench.socket", factory: { _ in SwiftLogNoOpLogHandler() })
        let result = Mutex<(Double, [Double])>((0, []))
        _ = try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(client.port)/api/v1/live",
            configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: [.authorization: "Bearer \(client.token)"]), logger: logger
        ) { inbound, outbound, _ in
            var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            func next(_ type: String) async throws -> String {
                while let message = try await iterator.next() {
                    if case .text(let text) = message, text.hasPrefix(#"{"type":"\#(type)""#) { return text }
                    if case .text(let text) = message, text.hasPrefix(#"{"type":"error""#) { throw CLIError("the live channel refused a batch: \(text)") }
                }
                throw CLIError("the live channel closed")
            }
            _ = try await next("hello")
            var times: [Double] = []
            let start = ContinuousClock.now
            for message in messages {
                let sent = ContinuousClock.now
                try await outbound.write(.text(message))
                _ = try await next("ack")
                times.append((ContinuousClock.now - sent).milliseconds)
            }
            let seconds = (ContinuousClock.now - start).seconds
            result.withLock { $0 = (seconds, times) }
            try await outbound.close(.normalClosure, reason: nil)
        }
        let (seconds, times) = result.withLock { $0 }
        guard times.count == requests else { throw CLIError("only \(times.count) of \(requests) live messages were acknowledged") }
        return (Double(requests * batch) / seconds, Self.percentile(times, 0.5))
    }

    // MARK: Data and helpers

    /// A run along a winding line: 3 m/s, hilly, with heart rate and cadence at every second.
    static func track(hours: Double) -> [RunSample] {
        let t0: Int64 = 1_700_000_000_000
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        return (0...Int(hours * 3600)).map { i in
            let x = Double(i) * 3
            return RunSample(time: t0 + Int64(i) * 1000, latitude: 45 + 0.001 * sin(Double(i) / 300), longitude: 7 + x / metresPerDegree,
                             elevation: 300 + 20 * sin(x / 1200 * 2 * Double.pi), heartRate: 140 + Double(i % 20), cadence: 170)
        }
    }

    /// The floor: the shared distance formula alone over every pair, with no cleaning or bookkeeping.
    static func haversineSum(_ samples: [RunSample]) -> Double {
        var total = 0.0
        for (a, b) in zip(samples, samples.dropFirst()) {
            total += Geo.haversine(lat1: a.latitude!, lon1: a.longitude!, lat2: b.latitude!, lon2: b.longitude!)
        }
        return total
    }

    static func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }

    static func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }
}

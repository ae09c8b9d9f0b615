import ArgumentParser
import Foundation
import HummingbirdWSClient
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Holds N WebSocket clients on the live channel, spread over accounts, publishes
/// events and measures publish → delivery latency, delivery rate and the server's
/// memory per idle connection. With --database postgres://… it runs two instances
/// on that database, clients split between them, events published through the first.
struct LiveBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Delivery latency p50/p99, events/s and server memory per idle connection on the live channel.")

    @Option(help: "WebSocket clients to hold open.") var connections: Int = 5000
    @Option(help: "Accounts the clients are spread over.") var accounts: Int = 50
    @Option(help: "Events to publish (each reaches every client of its account).") var events: Int = 200
    @Flag(help: "Over TLS (wss://), with a throwaway certificate.") var tls = false
    @Option(help: ArgumentHelp("PostgreSQL URL: run two instances on it (default: one instance on a fresh SQLite file).", valueName: "url"))
    var database: String?

    func validate() throws {
        guard connections > 0, accounts > 0, events > 0, accounts <= connections else {
            throw ValidationError("--connections, --accounts and --events must be positive, with no more accounts than connections.")
        }
    }

    func run() async throws {
        raiseOpenFileLimit()
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var arguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"]
        if let database { arguments += ["--database", database] }
        if tls {
            let (certificate, key) = try BenchCertificate.write(in: dataDir.appendingPathComponent("bench-tls"))
            arguments += ["--tls-cert", certificate.path, "--tls-key", key.path]
        }
        let instanceCount = database == nil ? 1 : 2
        var servers: [BenchServer] = []
        for _ in 0..<instanceCount {
            var server = try await BenchServer.start(arguments: arguments, port: try BenchServer.freePort(), probe: tls ? .listening : .health)
            server.tls = tls
            servers.append(server)
        }
        defer { servers.forEach { $0.stop() } }

        print("setting up \(accounts) accounts with a paired device each…")
        var setups: [(token: String, deviceID: String)] = []
        for _ in 0..<accounts { setups.append(try await servers[0].accountWithDevice()) }

        let memoryBefore = servers.map { $0.residentKilobytes() }
        let collector = DeliveryCollector()
        let logger = Logger(label: "bench.client", factory: { _ in SwiftLogNoOpLogHandler() })
        print("opening \(connections) WebSocket clients…")
        // In waves, so the server's accept backlog is not flooded with thousands of SYNs at once.
        var clientTasks: [Task<Void, Never>] = []
        defer { clientTasks.forEach { $0.cancel() } }
        let connectStart = ContinuousClock.now
        for waveStart in stride(from: 0, to: connections, by: 250) {
            for index in waveStart..<min(connections, waveStart + 250) {
                let server = servers[index % servers.count]
                let setup = setups[index % accounts]
                clientTasks.append(Task {
                    do {
                        try await WebSocketClient.connect(
                            url: tls ? "wss://localhost:\(server.port)/api/v1/live" : "ws://127.0.0.1:\(server.port)/api/v1/live",
                            configuration: .init(additionalHeaders: [.authorization: "Bearer \(setup.token)"]),
                            tlsConfiguration: tls ? BenchCertificate.unverifiedClientTLS : nil,
                            logger: logger
                        ) { inbound, _, _ in
                            for try await message in inbound.messages(maxSize: 1 << 16) {
                                guard case .text(let text) = message else { continue }
                                collector.receive(text)
                            }
                        }
                    } catch {
                        if !Task.isCancelled { collector.failed(String(describing: error)) }
                    }
                })
            }
            let target = min(connections, waveStart + 250)
            while collector.hellos + collector.failures < target {
                if ContinuousClock.now - connectStart > .seconds(180) {
                    throw CLIError("only \(collector.hellos) of \(connections) clients connected within 180 s")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        if collector.failures > 0 {
            print("\(collector.failures) clients failed to connect, e.g. \(collector.firstFailure ?? "")")
        }
        let connectSeconds = Double((ContinuousClock.now - connectStart).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - connectStart).components.seconds)
        try await Task.sleep(for: .seconds(2))  // let presence notices settle before measuring memory
        let memoryAfter = servers.map { $0.residentKilobytes() }
        let perConnection = Double(zip(memoryAfter, memoryBefore).map { $0 - $1 }.reduce(0, +)) * 1024 / Double(connections)

        print("publishing \(events) events…")
        collector.startMeasuring()
        let connected = collector.hellos
        let expected = connected < connections ? Int(Double(events) * Double(connected) / Double(accounts)) : (0..<events).reduce(0) { total, index in
            total + (connections / accounts) + (index % accounts < connections % accounts ? 1 : 0)
        }
        let publishStart = ContinuousClock.now
        for index in 0..<events {
            let setup = setups[index % accounts]
            try await servers[0].find(token: setup.token, deviceID: setup.deviceID)
        }
        while collector.deliveries < expected, ContinuousClock.now - publishStart < .seconds(120) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let elapsed = ContinuousClock.now - publishStart
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let latencies = collector.latencies.sorted()
        func percentile(_ p: Double) -> Double { latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }

        let setupName = (database == nil ? "1 instance, SQLite" : "2 instances, PostgreSQL (clients split, events published through the first)")
            + (tls ? ", over TLS" : "")
        print("cadence bench live — \(setupName), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("connections held:            \(collector.hellos) of \(connections) (opened in \(String(format: "%.1f", connectSeconds)) s)")
        print("deliveries:                  \(collector.deliveries) of \(expected) expected")
        print(String(format: "publish → delivery latency:  p50 %.1f ms, p99 %.1f ms", percentile(0.5), percentile(0.99)))
        print(String(format: "delivery rate:               %.0f events/s delivered to sockets (%d published in %.2f s)",
                     Double(collector.deliveries) / seconds, events, seconds))
        print(String(format: "server memory per idle connection: %.1f KB (resident set growth ÷ connections)", perConnection / 1024))
        print("targets: 5000 connections held; p99 ≤ 50 ms; ≤ 20 KB per idle connection")
    }

    /// The default soft limit (often 1024) is far below 5000 sockets.
    private func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

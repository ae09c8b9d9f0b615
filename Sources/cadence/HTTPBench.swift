import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts `cadence serve` as its own process on a throwaway SQLite database and
/// drives it with wrk. The reference is `/healthz` (no database, no auth) measured
/// in the same run, so the ratio says what auth and storage cost on this machine.
struct HTTPBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Requests per second and p99 latency for /healthz and an authenticated GET /api/v1/auth/me, and boot time.",
        discussion: "Needs wrk (Debian package `wrk`). Build with -c release for meaningful figures.")

    @Option(help: "Concurrent connections.") var connections: Int = 64
    @Option(help: "Seconds per measurement.") var duration: Int = 10
    @Option(help: "wrk threads.") var threads: Int = 2
    @Option(help: "Boot measurements to take (the median is reported).") var boots: Int = 5
    @Option(help: ArgumentHelp("Database to serve from (default: a fresh SQLite file).", valueName: "url")) var database: String?
    @Flag(help: "Also over HTTPS: Cadence's own TLS, and Caddy terminating TLS in front of Cadence (if caddy is installed).")
    var tls = false

    func validate() throws {
        guard connections > 0, duration > 0, threads > 0, boots > 0 else {
            throw ValidationError("--connections, --duration, --threads and --boots must be positive.")
        }
    }

    func run() async throws {
        guard let wrk = Executables.find("wrk") else {
            throw CLIError("wrk is not installed: apt-get install wrk")
        }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var serverArguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"]
        if let database { serverArguments += ["--database", database] }

        let port = try BenchServer.freePort()
        // First start creates and migrates the database; boots are then timed against an existing one.
        var server = try await BenchServer.start(arguments: serverArguments, port: port)
        let token = try await server.registerBenchUser()
        server.stop()
        var bootTimes: [Double] = []
        for _ in 0..<boots {
            let started = Date()
            server = try await BenchServer.start(arguments: serverArguments, port: port)
            bootTimes.append(Date().timeIntervalSince(started) * 1000)
            server.stop()
        }
        server = try await BenchServer.start(arguments: serverArguments, port: port)
        defer { server.stop() }

        let base = "http://127.0.0.1:\(server.port)"
        let health = try WrkRun.run(wrk: wrk, url: "\(base)/healthz", headers: [], connections: connections, threads: threads, seconds: duration)
        let me = try WrkRun.run(wrk: wrk, url: "\(base)/api/v1/auth/me", headers: ["Authorization: Bearer \(token)"],
                                connections: connections, threads: threads, seconds: duration)
        let boot = bootTimes.sorted()[bootTimes.count / 2]
        let https = tls ? try await HTTPSBench(wrk: wrk, dataDir: dataDir, serverArguments: serverArguments, token: token,
                                               connections: connections, threads: threads, duration: duration).run() : []

        print("cadence bench http — \(connections) connections, \(threads) wrk threads, \(duration) s each, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        func row(_ cells: [String]) -> String {
            cells[0].padding(toLength: 28, withPad: " ", startingAt: 0)
                + cells.dropFirst().map { String(repeating: " ", count: max(0, 11 - $0.count)) + $0 }.joined()
        }
        print(row(["route", "req/s", "p99 ms", "errors"]))
        for (name, run) in [("GET /healthz (reference)", health), ("GET /api/v1/auth/me", me)] + https.map({ ($0.name, $0.run) }) {
            print(row([name, String(format: "%.0f", run.requestsPerSecond), String(format: "%.2f", run.p99Milliseconds), String(run.errors)]))
        }
        print(String(format: "ratio auth/me ÷ healthz: %.2f (req/s)", me.requestsPerSecond / health.requestsPerSecond))
        if let own = https.first(where: { $0.name == "auth/me, Cadence TLS" }) {
            print(String(format: "ratio Cadence TLS ÷ plain HTTP: %.2f (goal ≥ 0.8)", own.run.requestsPerSecond / me.requestsPerSecond))
            if let caddy = https.first(where: { $0.name == "auth/me, Caddy TLS → HTTP" }) {
                print(String(format: "ratio Cadence TLS ÷ Caddy in front: %.2f (goal > 1)", own.run.requestsPerSecond / caddy.run.requestsPerSecond))
            }
        }
        print(String(format: "boot to first /healthz 200 (existing database): median %.0f ms of %d (min %.0f, max %.0f)",
                     boot, bootTimes.count, bootTimes.min()!, bootTimes.max()!))
        print("targets: auth/me ≥ 20000 req/s, p99 ≤ 5 ms at 64 connections; boot ≤ 400 ms")
    }
}

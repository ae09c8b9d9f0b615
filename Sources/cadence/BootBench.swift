import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 41's boot figure on its own: `cadence serve` started against a migrated database until the first `/healthz`
/// 200, and until the first page (the sign-in page, which needs the templates), beside the same binary's
/// `cadence version` as the reference for what any start of this executable costs (loading it, the Swift runtime).
struct BootBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boot",
        abstract: "Boot to the first /healthz 200 and to the first page (medians), against `cadence version`.",
        discussion: "CADENCE_BOOT_TRACE=1 cadence serve … prints each start-up phase's time, for finding what a boot waits for.")

    @Option(help: "Boots to time.") var boots: Int = 9

    func validate() throws {
        guard boots > 0 else { throw ValidationError("--boots must be positive.") }
    }

    func run() async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let arguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"]
        // The first start migrates the empty database; it is not counted.
        try await BenchServer.start(arguments: arguments, port: try BenchServer.freePort()).stop()

        var health: [Double] = [], page: [Double] = [], version: [Double] = []
        for _ in 0..<boots {
            let start = ContinuousClock.now
            let server = try await BenchServer.start(arguments: arguments, port: try BenchServer.freePort())
            health.append((ContinuousClock.now - start).milliseconds)
            let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/login")!)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw CLIError("the sign-in page did not answer 200") }
            page.append((ContinuousClock.now - start).milliseconds)
            server.stop()

            let versionStart = ContinuousClock.now
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? "/proc/self/exe")
            process.arguments = ["version"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            version.append((ContinuousClock.now - versionStart).milliseconds)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("cadence bench boot — \(ProcessInfo.processInfo.activeProcessorCount) cores, SQLite, \(boots) boots")
        print(String(format: "boot to first /healthz 200:  median %.0f ms (min %.0f, max %.0f)  (target ≤ 100 ms)",
                     median(health), health.min()!, health.max()!))
        print(String(format: "boot to first page (/login): median %.0f ms", median(page)))
        print(String(format: "reference `cadence version`: median %.0f ms (loading the executable and the Swift runtime)", median(version)))
    }
}

import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 20's media figures against real servers on one PostgreSQL: a large file served with Range from the database
/// media store, as a ratio to the same file from a media directory (the reference, same run, same wrk); an account's
/// export (server memory above idle, throughput); and request latency while `cadence backup` runs, as a ratio to idle.
struct MediaBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Range reads from PostgreSQL vs a directory, export memory and throughput, latency during a backup.",
        discussion: "Needs wrk and a PostgreSQL database (--database). Build with -c release for meaningful figures.")

    @Option(help: ArgumentHelp("The PostgreSQL database both servers use.", valueName: "url")) var database: String
    @Option(help: "Size of the served file, MB.") var megabytes: Int = 50
    @Option(help: "Concurrent readers.") var readers: Int = 8
    @Option(help: "Seconds per wrk run.") var seconds: Int = 8
    @Option(help: "Media in the exported (and backed-up) account, MB (in files of --megabytes).") var exportMegabytes: Int = 1024
    @Flag(help: "Only the Range reads (no export, no backup).") var rangesOnly = false

    func validate() throws {
        guard database.hasPrefix("postgres"), megabytes >= 2, readers > 0, seconds > 0, exportMegabytes >= megabytes else {
            throw ValidationError("--database is a postgres:// URL; --megabytes at least 2; --export-megabytes at least --megabytes.")
        }
    }

    func run() async throws {
        guard let wrk = Executables.find("wrk") else { throw CLIError("wrk is not installed: apt-get install wrk") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("video.m4a")
        try Self.writeFile(megabytes: megabytes, to: file)

        func serve(_ media: String, cacheMegabytes: Int? = nil) async throws -> (BenchServer, BenchHTTP) {
            let port = try BenchServer.freePort()
            let server = try await BenchServer.start(arguments: [
                "serve", "--data-dir", root.appendingPathComponent(media).path, "--bcrypt-cost", "10", "--database", database, "--media", media,
            ] + (cacheMegabytes.map { ["--media-cache", String($0)] } ?? []), port: port)
            return (server, BenchHTTP(port: port, token: try await server.registerBenchUser()))
        }
        // The database server as deployed (its chunk cache holds the whole file once read), and one that reads every
        // chunk from PostgreSQL: a file larger than the cache, or read for the first time.
        let (fromDatabase, databaseClient) = try await serve("database")
        let (uncached, uncachedClient) = try await serve("database", cacheMegabytes: 0)
        let (fromDirectory, directoryClient) = try await serve("directory")
        defer {
            fromDatabase.stop()
            uncached.stop()
            fromDirectory.stop()
        }
        let upload = try Data(contentsOf: file, options: .mappedIfSafe)
        func song(_ client: BenchHTTP, name: String) async throws -> String {
            let (status, body) = try await client.send("POST", "/api/v1/tempo/songs?filename=\(name)", body: upload, contentType: "application/octet-stream")
            guard status == 201, let id = ((try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]])?.first?["id"] as? String else {
                throw CLIError("the upload answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
            return id
        }
        let databaseSong = try await song(databaseClient, name: "video.m4a")
        let uncachedSong = try await song(uncachedClient, name: "video.m4a")
        let directorySong = try await song(directoryClient, name: "video.m4a")

        print("Range reads, \(readers) readers, \(megabytes) MB file, \(seconds) s each (MB/s; directory is the reference):")
        let size = megabytes << 20
        let cases: [(String, [String])] = [
            ("whole file", []),
            ("1 MB ranges", ["Range: bytes=\(size / 3)-\(size / 3 + (1 << 20) - 1)"]),
        ]
        for (label, headers) in cases {
            let bytes = headers.isEmpty ? Double(size) : Double(1 << 20)
            func rate(_ port: Int, _ token: String, _ id: String) throws -> Double {
                let run = try WrkRun.run(wrk: wrk, url: "http://127.0.0.1:\(port)/api/v1/tempo/songs/\(id)/file",
                                         headers: ["Authorization: Bearer \(token)"] + headers, connections: readers, threads: 2, seconds: seconds)
                guard run.errors == 0 else { throw CLIError("\(run.errors) failed reads") }
                return run.requestsPerSecond * bytes / 1_048_576
            }
            // Alternating, so both see the same machine.
            let directoryRate = try rate(fromDirectory.port, directoryClient.token, directorySong)
            let databaseRate = try rate(fromDatabase.port, databaseClient.token, databaseSong)
            let uncachedRate = try rate(uncached.port, uncachedClient.token, uncachedSong)
            print(String(format: "  %-12@ directory %7.0f  database %7.0f (ratio %.2f, goal ≥ 0.50)  no cache %7.0f (ratio %.2f)",
                         label as NSString, directoryRate, databaseRate, databaseRate / directoryRate,
                         uncachedRate, uncachedRate / directoryRate))
        }

        if rangesOnly { return }
        // Export: fill the database-media account to --export-megabytes, then stream its export.
        let more = exportMegabytes / megabytes - 1
        print("Filling an account with \(exportMegabytes) MB of media for the export…")
        for n in 0..<more {
            var variant = upload
            variant[variant.count - 1] = UInt8(truncatingIfNeeded: n + 1)  // distinct bytes: no deduplication
            let (status, _) = try await databaseClient.send("POST", "/api/v1/tempo/songs?filename=part\(n).m4a", body: variant,
                                                            contentType: "application/octet-stream")
            guard status == 201 else { throw CLIError("upload \(n) answered \(status)") }
        }
        try await Task.sleep(for: .seconds(2))
        let idle = fromDatabase.residentKilobytes()
        let peak = PeakMemory(server: fromDatabase)
        let sampler = Task { await peak.sample() }
        let started = ContinuousClock.now
        let exported = try Self.download(port: fromDatabase.port, path: "/api/v1/account/export", token: databaseClient.token)
        let exportSeconds = (ContinuousClock.now - started).seconds
        sampler.cancel()
        let highest = await sampler.value
        print(String(format: "Export of %d MB: %.0f MB/s (goal ≥ 100), server memory above idle %.0f MB at most (goal < 100; idle %.0f MB)",
                     exported >> 20, Double(exported) / 1_048_576 / exportSeconds, Double(highest - idle) / 1024, Double(idle) / 1024))

        // Backup while serving: p99 of a light authenticated read, idle and during `cadence backup`.
        let url = "http://127.0.0.1:\(fromDatabase.port)/api/v1/tempo/songs"
        let auth = ["Authorization: Bearer \(databaseClient.token)"]
        // The same measure idle and busy: consecutive two-second wrk windows, each with its p99; compared by their
        // median (the usual request) and their worst (the backup's heaviest moment).
        func window() throws -> Double {
            try WrkRun.run(wrk: wrk, url: url, headers: auth, connections: 4, threads: 2, seconds: 2).p99Milliseconds
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let idleWindows = try (0..<15).map { _ in try window() }
        print("  idle windows' p99 (ms), in order: " + idleWindows.map { String(format: "%.1f", $0) }.joined(separator: " "))
        // Paced (the default) and at full speed (`--fast`), one after the other against the same idle figure.
        for (label, extra) in [("paced", [String]()), ("--fast", ["--fast"])] {
            let archive = root.appendingPathComponent("backup-\(extra.isEmpty ? "paced" : "fast").zip")
            let backup = Process()
            backup.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? "/proc/self/exe")
            backup.arguments = ["backup", archive.path, "--database", database, "--data-dir", root.appendingPathComponent("database").path] + extra
            backup.standardOutput = FileHandle.nullDevice
            let backupStart = ContinuousClock.now
            try backup.run()
            // Two-second wrk windows for as long as the backup runs; its figure is the worst window's p99.
            var windows: [Double] = []
            repeat { windows.append(try window()) } while backup.isRunning
            backup.waitUntilExit()
            let backupSeconds = (ContinuousClock.now - backupStart).seconds
            guard backup.terminationStatus == 0 else { throw CLIError("cadence backup \(label) failed") }
            print(String(format: "Backup %@ (%.1f s for %d MB), p99 of 2-s windows: median idle %.1f ms, during %.1f ms, ratio %.2f (goal ≤ 2); "
                         + "worst idle %.1f ms, during %.1f ms, ratio %.2f",
                         label, backupSeconds, exportMegabytes, median(idleWindows), median(windows), median(windows) / median(idleWindows),
                         idleWindows.max()!, windows.max()!, windows.max()! / idleWindows.max()!))
            print("  each window's p99 (ms), in order: " + windows.map { String(format: "%.1f", $0) }.joined(separator: " "))
            try? FileManager.default.removeItem(at: archive)
        }
    }

    /// A file the library takes as M4A (its signature) filled with random bytes (nothing to deduplicate or compress).
    static func writeFile(megabytes: Int, to url: URL) throws {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var generator = SystemRandomNumberGenerator()
        var header = Data([0, 0, 0, 0x18]) + Data("ftypM4A ".utf8)
        header.append(Data(count: 4))
        try handle.write(contentsOf: header)
        for _ in 0..<megabytes {
            try handle.write(contentsOf: Data((0..<(1 << 18)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt32) { Array($0) } }))
        }
    }

    /// Bytes read from a streamed download (curl into /dev/null: the client must not be the bottleneck).
    static func download(port: Int, path: String, token: String) throws -> Int {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: Executables.find("curl") ?? "/usr/bin/curl")
        curl.arguments = ["-sS", "-o", "/dev/null", "-w", "%{size_download}", "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)\(path)"]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        guard curl.terminationStatus == 0, let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CLIError("the export download failed: \(text)")
        }
        return bytes
    }
}

/// The server's highest resident memory while sampled every 50 ms.
private actor PeakMemory {
    let server: BenchServer
    init(server: BenchServer) { self.server = server }

    func sample() async -> Int {
        var highest = 0
        while !Task.isCancelled {
            highest = max(highest, server.residentKilobytes())
            try? await Task.sleep(for: .milliseconds(50))
        }
        return highest
    }
}

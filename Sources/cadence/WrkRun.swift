import Foundation
import Logging
import HummingbirdWSClient
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One wrk run and the figures read from its `--latency` report.
struct WrkRun {
    let requestsPerSecond: Double
    let p99Milliseconds: Double
    let errors: Int

    static func run(wrk: String, url: String, headers: [String], connections: Int, threads: Int, seconds: Int) throws -> WrkRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency"]
            + headers.flatMap { ["-H", $0] } + [url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let run = parse(text) else { throw CLIError("could not read wrk's report:\n\(text)") }
        return run
    }

    static func parse(_ report: String) -> WrkRun? {
        var rps: Double?
        var p99: Double?
        var errors = 0
        for line in report.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), let value = fields.last.flatMap({ Double($0) }) { rps = value }
            if fields.first == "99%", let value = fields.last { p99 = milliseconds(String(value)) }
            if line.contains("Non-2xx or 3xx responses:"), let value = fields.last.flatMap({ Int($0) }) { errors += value }
            if line.contains("Socket errors:") {
                errors += fields.compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.reduce(0, +)
            }
        }
        guard let rps, let p99 else { return nil }
        return WrkRun(requestsPerSecond: rps, p99Milliseconds: p99, errors: errors)
    }

    /// wrk prints latencies as "812.00us", "1.23ms" or "2.01s".
    static func milliseconds(_ text: String) -> Double? {
        for (suffix, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return nil
    }
}

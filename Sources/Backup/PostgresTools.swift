import Foundation

/// `pg_dump` and `pg_restore`: on the PATH, else where Debian's server packages keep them.
enum PostgresTools {
    static func find(_ name: String) -> String? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        folders += versions.sorted { $0.localizedStandardCompare($1) == .orderedDescending }.map { "/usr/lib/postgresql/\($0)/bin" }
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

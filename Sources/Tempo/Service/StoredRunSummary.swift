import Foundation
import Tempo

/// What a finished run keeps of its stats in `tempo_runs.summary`: versioned JSON with field names of its own, so
/// renaming a Swift property cannot make yesterday's rows unreadable (`StoredShapeTests` pins each version).
///
/// - Version 2 (written now): `{"version": 2, "distance", "elapsedSeconds", "movingSeconds", "bestEfforts":
///   [{"metres", "seconds"}]}`, what is read back (progress and records); the run page computes the rest from the
///   samples.
/// - Version 1 (no `version`): the whole `RunSummary` as Codable wrote it, until December 2026. Read for the same
///   fields; one without `bestEfforts` (stored before they were kept) is summarised again, and so is any row this
///   code cannot read.
public struct StoredRunSummary: Equatable, Sendable {
    public static let currentVersion = 2

    public var distance: Double
    public var elapsedSeconds: Double
    public var movingSeconds: Double
    /// nil: a version 1 row from before best efforts were kept.
    public var bestEfforts: [BestEffort]?
    /// The version the row was written in.
    public let version: Int

    public init(_ summary: RunSummary) {
        distance = summary.distance
        elapsedSeconds = summary.elapsedSeconds
        movingSeconds = summary.movingSeconds
        bestEfforts = summary.bestEfforts ?? []
        version = Self.currentVersion
    }

    /// Whether the row has everything today's readers need; if not, the run is summarised again and stored anew.
    public var isCurrent: Bool { version == Self.currentVersion && bestEfforts != nil }

    /// The row's text as stored now.
    public func json() throws -> String {
        let row = Row(version: Self.currentVersion, distance: distance, elapsedSeconds: elapsedSeconds, movingSeconds: movingSeconds,
                      bestEfforts: (bestEfforts ?? []).map { Row.Effort(metres: $0.metres, seconds: $0.seconds) })
        return String(decoding: try Self.encoder.encode(row), as: UTF8.self)
    }

    /// A stored row of any version this code knows; nil for one it cannot read (then the run is summarised again).
    public static func read(_ json: String) -> StoredRunSummary? {
        let data = Data(json.utf8)
        guard let row = try? JSONDecoder().decode(Row.self, from: data), row.version ?? 1 <= currentVersion else { return nil }
        return StoredRunSummary(distance: row.distance, elapsedSeconds: row.elapsedSeconds, movingSeconds: row.movingSeconds,
                                bestEfforts: row.bestEfforts?.map { BestEffort(metres: $0.metres, seconds: $0.seconds) },
                                version: row.version ?? 1)
    }

    init(distance: Double, elapsedSeconds: Double, movingSeconds: Double, bestEfforts: [BestEffort]?, version: Int) {
        self.distance = distance
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.bestEfforts = bestEfforts
        self.version = version
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The row as written, with its names spelt out: these are the stored shape, whatever the Swift names become.
    /// Version 1 rows have the same names for these fields (and many more, which are not read).
    private struct Row: Codable {
        struct Effort: Codable {
            let metres: Double
            let seconds: Double
            enum CodingKeys: String, CodingKey { case metres, seconds }
        }

        let version: Int?
        let distance: Double
        let elapsedSeconds: Double
        let movingSeconds: Double
        let bestEfforts: [Effort]?

        enum CodingKeys: String, CodingKey { case version, distance, elapsedSeconds, movingSeconds, bestEfforts }
    }
}

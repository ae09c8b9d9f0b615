import CadenceCore
import Foundation

/// What importing a file did, kept with the run: counts for programs, sentences for people.
public struct ImportReport: Sendable, Equatable, Codable {
    /// "gpx" or "tcx".
    public var format: String
    /// Trackpoints in the file (of its first activity, for TCX).
    public var points = 0
    /// Points stored as the run's samples.
    public var keptPoints = 0
    /// Points without a time, left out (a sample is a moment).
    public var untimedPoints = 0
    /// Points without a time between timed ones, kept with a time interpolated along the way.
    public var interpolatedPoints = 0
    /// Points stamped earlier than the point before them in their segment, left out.
    public var outOfOrderPoints = 0
    /// Stretches recorded without a break (GPX segments of every track, TCX Tracks) that have
    /// points; the gaps between them are the run's pauses.
    public var segments = 0
    public var activityFrom = ActivitySource.unknown
    /// What the person should check: points left out, a clock that was not set.
    public var warningNotes: [Note] = []
    /// What reading changed: cadence doubled, tracks kept apart.
    public var changeNotes: [Note] = []
    /// `warningNotes` and `changeNotes` in English, for the API (the web layer says them when it sends a report).
    /// Runs imported before the notes were kept have these sentences alone.
    public var warnings: [String] = []
    public var notes: [String] = []

    public init(format: String) { self.format = format }

    private enum CodingKeys: String, CodingKey {
        case format, points, keptPoints, untimedPoints, interpolatedPoints, outOfOrderPoints, segments, activityFrom, warningNotes, changeNotes, warnings, notes
    }

    /// Reports stored before the notes were kept decode with none (and their English sentences).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        points = try container.decode(Int.self, forKey: .points)
        keptPoints = try container.decode(Int.self, forKey: .keptPoints)
        untimedPoints = try container.decode(Int.self, forKey: .untimedPoints)
        interpolatedPoints = try container.decodeIfPresent(Int.self, forKey: .interpolatedPoints) ?? 0
        outOfOrderPoints = try container.decode(Int.self, forKey: .outOfOrderPoints)
        segments = try container.decode(Int.self, forKey: .segments)
        activityFrom = try container.decode(ActivitySource.self, forKey: .activityFrom)
        warningNotes = try container.decodeIfPresent([Note].self, forKey: .warningNotes) ?? []
        changeNotes = try container.decodeIfPresent([Note].self, forKey: .changeNotes) ?? []
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }
}

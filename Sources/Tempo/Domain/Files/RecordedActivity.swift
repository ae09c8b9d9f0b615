import Foundation

/// What an imported GPX or TCX file says, kept raw.
///
/// Samples are in document order, exactly as the file lists them: nothing is sorted, merged,
/// deduplicated or filtered here, because the cleaning component needs to see the file's own
/// glitches (repeated timestamps, jumps, paused stretches) to handle them in one place.
/// The only change to values is the cadence convention (see `CadenceConvention`); the only
/// points left out are those without a time (a sample is a moment) and nothing to take one from, counted in
/// `untimedPoints`; an untimed GPX point between timed ones is kept with an interpolated time (`interpolatedPoints`).
public struct RecordedActivity: Sendable, Equatable {
    /// The run's title (GPX `trk/name`, else `metadata/name`; TCX `Activity/Notes`, its first line).
    public var name: String?
    /// The activity, when the file names one we understand (see `ActivityNames`).
    public var activity: Activity?
    /// Start in ms since 1970 UTC: TCX `Activity/Id`; GPX the first trackpoint's time (GPX
    /// `metadata/time` is the file's creation time, used only when there is nothing else).
    public var startTime: Int64?
    public var samples: [RunSample]
    /// TCX laps as the device recorded them; empty for GPX (it has no laps).
    public var laps: [RecordedLap]
    /// The `creator` attribute (GPX) or `Creator/Name` (TCX): which device or app wrote it.
    public var creator: String?
    /// How cadence values were turned into Cadence's convention.
    public var cadenceInterpretation: CadenceInterpretation
    /// Where each stretch recorded without a break starts, as indices into `samples` (ascending,
    /// the first 0): every GPX `trkseg` of every `trk`, and every TCX `Track` after the first of
    /// its `Lap` (Garmin starts a new Track when the timer stops; a new Lap goes on without a break).
    /// Nothing joins two segments: the time between them is a pause.
    public var segmentStarts: [Int]
    /// Trackpoints left out because they have no time, and the line of the first of them.
    public var untimedPoints: Int
    public var firstUntimedLine: Int?
    /// Untimed trackpoints between timed ones, kept in `samples` with a time interpolated along the way (GPX).
    public var interpolatedPoints: Int
    /// The file says it was made by Cadence's runner simulator (see `SimulatedRun`).
    public var simulated: Bool

    public init(name: String? = nil, activity: Activity? = nil, startTime: Int64? = nil,
                samples: [RunSample], laps: [RecordedLap] = [], creator: String? = nil,
                cadenceInterpretation: CadenceInterpretation = .none, segmentStarts: [Int]? = nil,
                untimedPoints: Int = 0, firstUntimedLine: Int? = nil, interpolatedPoints: Int = 0, simulated: Bool = false) {
        self.name = name; self.activity = activity; self.startTime = startTime
        self.samples = samples; self.laps = laps; self.creator = creator
        self.cadenceInterpretation = cadenceInterpretation
        self.segmentStarts = segmentStarts ?? (samples.isEmpty ? [] : [0])
        self.untimedPoints = untimedPoints; self.firstUntimedLine = firstUntimedLine
        self.interpolatedPoints = interpolatedPoints
        self.simulated = simulated
    }

    /// The index range of each segment in `samples`, in document order.
    public var segmentRanges: [Range<Int>] {
        zip(segmentStarts, segmentStarts.dropFirst() + [samples.count]).compactMap { start, end in start < end ? start..<end : nil }
    }
}

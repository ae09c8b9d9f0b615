import Geo
import Foundation
import Testing
@testable import Tempo

/// What a file's structure means for the run: segments kept apart (their gaps are pauses),
/// untimed points counted instead of fatal, clocks that were not set kept with a warning.
@Suite("Importing a file as a run", .timeLimit(.minutes(5)))
struct ImportTests {
    static let now: Int64 = 1_800_000_000_000

    static func point(_ minute: Int, _ second: Int, lat: Double = 48.0, lon: Double = 11.0, time: Bool = true) -> String {
        let stamp = time ? "<time>2024-05-01T08:\(String(format: "%02d", minute)):\(String(format: "%02d", second))Z</time>" : ""
        return "<trkpt lat=\"\(lat)\" lon=\"\(lon)\">\(stamp)</trkpt>"
    }

    static func gpx(_ tracks: [[[String]]], type: String? = nil) -> Data {
        let body = tracks.map { segments in
            "<trk>\(type.map { "<type>\($0)</type>" } ?? "")"
                + segments.map { "<trkseg>\n" + $0.joined(separator: "\n") + "\n</trkseg>" }.joined() + "</trk>"
        }.joined(separator: "\n")
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            \(body)
            </gpx>
            """.utf8)
    }

    @Test func everySegmentOfEveryTrackStartsASegment() throws {
        let file = Self.gpx([[[Self.point(0, 0), Self.point(0, 1)], []], [[Self.point(5, 0), Self.point(5, 1)], [Self.point(9, 0)]]])
        let read = try GPXReader.read(file)
        #expect(read.segmentStarts == [0, 2, 4])
        #expect(read.segmentRanges == [0..<2, 2..<4, 4..<5])
    }

    @Test func untimedPointsAreCountedWithTheFirstLine() throws {
        let file = Self.gpx([[[Self.point(0, 0), Self.point(0, 0, time: false), Self.point(0, 2), Self.point(0, 3, time: false)]]])
        let read = try GPXReader.read(file)
        // The one between timed points is kept (its time interpolated); the last has no timed point after it.
        #expect(read.samples.count == 3 && read.interpolatedPoints == 1)
        #expect(read.untimedPoints == 1 && read.firstUntimedLine == 7)
        let noTimes = Self.gpx([[[Self.point(0, 0, time: false), Self.point(0, 1, time: false)]]])
        #expect(throws: RunFormatError.noTimes(points: 2)) { try GPXReader.read(noTimes) }
    }

    @Test func aNewTrackInALapIsASegmentAndANewLapIsNot() throws {
        func point(_ s: Int) -> String { TS.tcxPoint(s) }
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities><Activity Sport="Other"><Id>2024-05-01T08:00:00Z</Id>
              <Lap StartTime="2024-05-01T08:00:00Z"><Track>\(point(0))\(point(1))</Track><Track>\(point(5))</Track></Lap>
              <Lap StartTime="2024-05-01T08:00:06Z"><Track>\(point(6))<Trackpoint><DistanceMeters>1</DistanceMeters></Trackpoint>\(point(7))</Track></Lap>
             </Activity></Activities>
            </TrainingCenterDatabase>
            """
        let read = try TCXReader.read(Data(tcx.utf8))
        #expect(read.activity == nil)
        #expect(read.segmentStarts == [0, 2])
        #expect(read.samples.count == 5 && read.untimedPoints == 1)
    }

    @Test func theGapsBetweenSegmentsArePauses() throws {
        // Two tracks listed newest first, 10 minutes apart: laid out in time, one pause between them.
        let file = Self.gpx([[[Self.point(20, 0, lon: 11.01), Self.point(20, 10, lon: 11.011)]], [[Self.point(0, 0), Self.point(0, 10, lon: 11.001)]]])
        let run = try RunImport.prepare(GPXReader.read(file), format: .gpx, now: Self.now)
        #expect(run.samples.map(\.time) == [0, 10, 1200, 1210].map { ISO8601Time.parse("2024-05-01T08:00:00Z")! + $0 * 1000 })
        #expect(run.pauses == [RunPause(start: run.samples[1].time, end: run.samples[2].time)])
        #expect(run.report.segments == 2 && run.report.keptPoints == 4)
        #expect(run.report.englishNotes.contains { $0.contains("1 gap") && $0.contains("pause") })
        #expect(run.report.englishWarnings.isEmpty)
        // The line from the earlier track's end to the later one's start (0.009° ≈ 670 m) is not distance.
        let stats = RunStats.compute(samples: run.samples, activity: run.activity,
                                     pausedIntervals: run.pauses.map { $0.start...$0.end! })
        let within = Geo.haversine(lat1: 48, lon1: 11, lat2: 48, lon2: 11.001) + Geo.haversine(lat1: 48, lon1: 11.01, lat2: 48, lon2: 11.011)
        #expect(abs(stats.distance - within) < 0.01, "\(stats.distance) vs \(within)")
        #expect(stats.movingSeconds == 20 && stats.elapsedSeconds == 1210)
    }

    @Test func aPointStampedEarlierIsLeftOutAndPointsSharingATimeStay() throws {
        let file = Self.gpx([[[Self.point(0, 0), Self.point(0, 5, lon: 11.0001), Self.point(0, 3, lon: 11.0002),
                               Self.point(0, 6, lon: 11.0003), Self.point(0, 6, lon: 11.0004)]]])
        let run = try RunImport.prepare(GPXReader.read(file), format: .gpx, now: Self.now)
        #expect(run.report.outOfOrderPoints == 1)
        #expect(run.samples.map(\.longitude) == [11.0, 11.0001, 11.0003, 11.0004])
        #expect(run.report.englishWarnings == ["1 trackpoint stamped earlier than the point before it was left out."])
    }

    @Test func oldAndFutureClocksAreWarningsAndOneTimeForAllIsSaid() throws {
        let old = Data(String(decoding: Self.gpx([[[Self.point(0, 0), Self.point(0, 1, lon: 11.001)]]]), as: UTF8.self)
            .replacingOccurrences(of: "2024-05-01", with: "1901-12-13").utf8)
        let oldRun = try RunImport.prepare(GPXReader.read(old), format: .gpx, now: Self.now)
        #expect(oldRun.report.englishWarnings.count == 1)
        #expect(oldRun.report.englishWarnings[0].hasPrefix("The file's times start on 1901-12-13") && oldRun.report.englishWarnings[0].contains("clock"))

        let future = Data(String(decoding: Self.gpx([[[Self.point(0, 0)]]]), as: UTF8.self).replacingOccurrences(of: "2024-05-01", with: "2099-01-01").utf8)
        #expect(try RunImport.prepare(GPXReader.read(future), format: .gpx, now: Self.now).report.englishWarnings[0].contains("after today"))

        let stuck = Self.gpx([[[Self.point(0, 0), Self.point(0, 0, lon: 11.001), Self.point(0, 0, lon: 11.002)]]])
        let stuckRun = try RunImport.prepare(GPXReader.read(stuck), format: .gpx, now: Self.now)
        #expect(stuckRun.samples.count == 3)
        #expect(stuckRun.report.englishWarnings == ["All 3 points share one time: the distance is kept, but time, pace and splits cannot be known."])
        let cleaned = TrackCleaning.clean(stuckRun.samples, activity: nil)
        #expect(cleaned.samples.count == 3 && cleaned.report.impossibleJumps == 0, "places at one time are neither merged nor jumps")
        let stats = RunStats.compute(samples: cleaned.samples, activity: nil)
        #expect(abs(stats.distance - 2 * Geo.haversine(lat1: 48, lon1: 11, lat2: 48, lon2: 11.001)) < 0.01)
        #expect(stats.movingSeconds == 0 && stats.splits.isEmpty && stats.averagePace == nil)
    }

    @Test func theFormsActivityWinsAndUnknownIsSaid() throws {
        let file = Self.gpx([[[Self.point(0, 0), Self.point(0, 1)]]], type: "running")
        let read = try GPXReader.read(file)
        #expect(try RunImport.prepare(read, format: .gpx, now: Self.now).report.activityFrom == .file)
        let walked = try RunImport.prepare(read, format: .gpx, chosenActivity: .some(.walking), now: Self.now)
        #expect(walked.activity == .walking && walked.report.activityFrom == .form)
        let other = try RunImport.prepare(read, format: .gpx, chosenActivity: .some(nil), now: Self.now)
        #expect(other.activity == nil && other.report.activityFrom == .form)
        let untyped = try RunImport.prepare(GPXReader.read(Self.gpx([[[Self.point(0, 0)]]])), format: .gpx, now: Self.now)
        #expect(untyped.activity == nil && untyped.report.activityFrom == .unknown)
    }

    @Test func untimedPointsAreAWarningNamingTheLine() throws {
        let file = Self.gpx([[[Self.point(0, 0), Self.point(0, 1), Self.point(0, 2, time: false)]]])
        let run = try RunImport.prepare(GPXReader.read(file), format: .gpx, now: Self.now)
        #expect(run.report.points == 3 && run.report.keptPoints == 2 && run.report.untimedPoints == 1)
        #expect(run.report.englishWarnings == ["1 trackpoint without a time was left out (line 6): a run's samples are moments."])
    }

    /// An untimed point between timed ones still marks the way (some loggers stamp only every other point): it
    /// counts for the distance, with a time between its neighbours'. The lake walk with every other point's time
    /// taken out reads what the whole file reads; leaving those points out cut 2.6 % of the corners.
    @Test func untimedPointsBetweenTimedOnesCountForTheDistance() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/gpxpy/cerknicko-jezero.gpx")
        let whole = try String(contentsOf: url, encoding: .utf8)
        var stripped = 0
        var sparse = ""
        for (index, segment) in whole.components(separatedBy: "<trkseg>").enumerated() {
            guard index > 0 else { sparse = segment; continue }
            var points = segment.components(separatedBy: "<trkpt ")
            for k in stride(from: 2, to: points.count - 1, by: 2) {
                let cut = points[k].replacingOccurrences(of: #"<time>[^<]*</time>"#, with: "", options: .regularExpression)
                if cut != points[k] { stripped += 1 }
                points[k] = cut
            }
            sparse += "<trkseg>" + points.joined(separator: "<trkpt ")
        }
        func distance(_ text: String) throws -> (Double, ImportedRun) {
            let run = try RunImport.prepare(GPXReader.read(Data(text.utf8)), format: .gpx, now: Self.now)
            let cleaned = TrackCleaning.clean(run.samples, activity: run.activity)
            return (RunStats.compute(samples: cleaned.samples, activity: run.activity,
                                     pausedIntervals: run.pauses.map { $0.start...$0.end! }).distance, run)
        }
        let (full, _) = try distance(whole)
        let (read, run) = try distance(sparse)
        #expect(stripped > 100)
        #expect(run.report.interpolatedPoints == stripped && run.report.untimedPoints == 0)
        #expect(run.report.keptPoints == run.report.points)
        #expect(abs(read - full) <= full * 0.002, "\(read) m with every other time taken out, \(full) m with all")
        #expect(run.report.englishNotes.contains { $0.contains("\(stripped) points had no time") }, "\(run.report.englishNotes)")
        // Each kept point's time lies strictly between its neighbours'.
        for range in try GPXReader.read(Data(sparse.utf8)).segmentRanges {
            let times = run.samples[range].map(\.time)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func untimedPointsWithNoTimedOneAfterThemInTheirSegmentAreLeftOut() throws {
        let file = Self.gpx([[[Self.point(0, 0, time: false), Self.point(0, 1), Self.point(0, 2, lon: 11.001, time: false)],
                              [Self.point(1, 0, lon: 11.002), Self.point(1, 1, lon: 11.003, time: false), Self.point(1, 4, lon: 11.004)]]])
        let read = try GPXReader.read(file)
        #expect(read.untimedPoints == 2 && read.interpolatedPoints == 1 && read.firstUntimedLine == 4)
        #expect(read.samples.map(\.longitude) == [11.0, 11.002, 11.003, 11.004])
        #expect(read.segmentStarts == [0, 1])
        // Halfway along the way from 08:01:00 to 08:01:04: 08:01:02.
        #expect(read.samples[2].time == ISO8601Time.parse("2024-05-01T08:01:02Z")!)
    }

    /// A run imported before reports kept notes has English sentences only: they still read back, with no notes.
    @Test func aReportStoredBeforeNotesKeepsItsEnglish() throws {
        let stored = #"{"format":"gpx","points":3,"keptPoints":2,"untimedPoints":1,"outOfOrderPoints":0,"segments":1,"#
            + #""activityFrom":"file","warnings":["1 trackpoint without a time was left out."],"notes":[]}"#
        let report = try JSONDecoder().decode(ImportReport.self, from: Data(stored.utf8))
        #expect(report.warnings == ["1 trackpoint without a time was left out."] && report.warningNotes.isEmpty)
        let again = try JSONDecoder().decode(ImportReport.self, from: JSONEncoder().encode(report))
        #expect(again == report)
    }
}

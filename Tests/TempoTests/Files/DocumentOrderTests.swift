import Foundation
import Testing
@testable import Tempo

@Suite("Raw import: every point, in document order", .timeLimit(.minutes(5)))
struct DocumentOrderTests {
    @Test func allTracksAndSegmentsUnsortedWithDuplicates() throws {
        let p = { (s: Int) in "<trkpt lat=\"1\" lon=\"\(s)\"><time>2024-05-01T08:00:\(String(format: "%02d", s))Z</time></trkpt>" }
        let doc = """
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="0" lon="0"><time>2024-05-01T07:00:00Z</time></wpt>
        <trk><trkseg>\(p(5))\(p(3))</trkseg><trkseg>\(p(3))</trkseg></trk>
        <trk><trkseg>\(p(1))</trkseg></trk></gpx>
        """
        let r = try GPXReader.read(TS.data(doc))
        #expect(r.samples.map(\.longitude) == [5, 3, 3, 1])
    }

    @Test func tcxFirstActivityOnlyAllLaps() throws {
        let lap = { (i: Int) in "<Lap StartTime=\"2024-05-01T08:00:0\(i)Z\"><Track>\(TS.tcxPoint(i))</Track><Track>\(TS.tcxPoint(i + 1))</Track></Lap>" }
        let doc = """
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
        <Activity Sport="Running"><Id>2024-05-01T08:00:00Z</Id>\(lap(0))\(lap(4))<Creator><Name>Forerunner 945</Name></Creator></Activity>
        <Activity Sport="Biking"><Id>2024-05-02T08:00:00Z</Id>\(lap(7))</Activity>
        </Activities></TrainingCenterDatabase>
        """
        let r = try TCXReader.read(TS.data(doc))
        #expect(r.samples.count == 4)
        #expect(r.laps.map(\.firstSampleIndex) == [0, 2] && r.laps.map(\.sampleCount) == [2, 2])
        #expect(r.creator == "Forerunner 945" && r.activity == .running)
    }

    @Test(arguments: [("running", Activity.running), ("Run", .running), ("trail_running", .running), ("9", .running),
                      ("hiking", .walking), ("Walk", .walking), ("10", .walking), ("cycling", .cycling), ("biking", .cycling),
                      ("Ride", .cycling), ("road_biking", .cycling), ("1", .cycling)])
    func activityNames(raw: String, expected: Activity) {
        #expect(ActivityNames.fromGPXType(raw) == expected)
    }

    @Test func unknownActivityNames() {
        #expect(ActivityNames.fromGPXType("swimming") == nil)
        #expect(ActivityNames.fromTCXSport("Other") == nil)
        #expect(ActivityNames.fromTCXSport("Biking") == .cycling)
    }

    @Test func largeGPX36000Points() throws {
        let samples = TS.run(count: 36_000)
        let data = try GPXWriter.write(name: "10 h", activity: .running, samples: samples).data
        #expect(data.count > 7_000_000)  // beyond where XMLParser(data:) failed on Linux
        let r = try GPXReader.read(data)
        #expect(r.samples.count == 36_000)
        #expect(r.samples.last?.time == samples.last?.time)
    }
}

import Foundation
import Testing
@testable import Tempo

/// Real exports from devices and apps (sources in Fixtures/README.md).
@Suite("Real-world files", .timeLimit(.minutes(5)))
struct FixtureTests {
    @Test func garminConnectGPXWithNs3Prefix() throws {
        let r = try RunFileImporter.read(TS.fixture("garmin_connect_gpxtpx.gpx"))
        #expect(r.creator == "Garmin Connect")
        #expect(r.name == "roadbiking test track")
        #expect(r.activity == .cycling)  // "road_biking"
        #expect(r.samples.count == 1)
        #expect(r.samples[0].heartRate == 113)
        #expect(r.samples[0].cadence == 15)  // rpm: not doubled
        #expect(r.samples[0].time == ISO8601Time.parse("2017-11-19T11:23:07Z"))
    }

    @Test func stravaGPXWithUnknownExtension() throws {
        let r = try RunFileImporter.read(TS.fixture("strava.gpx"))
        #expect(r.creator == "StravaGPX")
        #expect(r.activity == nil)
        #expect(r.samples.map(\.heartRate) == [117, 154, 160])
        #expect(r.samples.map(\.cadence) == [85, 79, 85])  // no type: ambiguous, kept
        #expect(r.cadenceInterpretation == .ambiguousAsRecorded)
        #expect(r.samples[1].elevation == 1118.8)
    }

    @Test func garminRunningTCX() throws {
        let r = try RunFileImporter.read(TS.fixture("garmin_running.tcx"))
        #expect(r.activity == .running)
        #expect(r.name == "Aerobics")
        #expect(r.samples.count == 5)
        #expect(r.samples.map(\.heartRate) == [62, 62, 62, 62, 60])
        #expect(r.samples.last?.distance == 22.4050273895)
        #expect(r.laps.count == 1 && r.laps[0].calories == 94 && r.laps[0].sampleCount == 5)
        #expect(r.startTime == ISO8601Time.parse("2012-12-26T21:29:53Z"))
    }

    @Test func mapMyRideTCXWithPositionlessPoints() throws {
        let r = try RunFileImporter.read(TS.fixture("mapmyride_biking.tcx"))
        #expect(r.activity == .cycling)
        #expect(r.samples.count == 8)
        #expect(r.samples.prefix(6).allSatisfy { $0.latitude == nil })
        #expect(r.samples[6].latitude == 35.23101844067633 && r.samples[6].distance == 2.4003)
        #expect(r.samples[0].time == ISO8601Time.parse("2022-11-12T15:58:25.849Z"))
        #expect(r.laps[0].calories == 457.99999973619197)
    }
}

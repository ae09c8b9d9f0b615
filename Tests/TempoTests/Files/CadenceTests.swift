import Foundation
import Testing
@testable import Tempo

@Suite("Cadence convention: per-foot values doubled for running and walking", .timeLimit(.minutes(5)))
struct CadenceTests {
    private func gpx(_ type: String?, _ cads: [Int]) throws -> RecordedActivity {
        try GPXReader.read(TS.data(TS.gpx(type: type, cads.enumerated().map { TS.gpxPoint($0.offset, cad: $0.element) })))
    }

    @Test func gpxRunningPerFootIsDoubled() throws {
        let r = try gpx("running", [84, 86, 0, 88])
        #expect(r.samples.map(\.cadence) == [168, 172, 0, 176])
        #expect(r.cadenceInterpretation == .doubledFromPerFoot)
    }

    @Test func gpxRunningAlreadyBothFeetIsKept() throws {
        let r = try gpx("run", [168, 172, 174])
        #expect(r.samples.map(\.cadence) == [168, 172, 174])
        #expect(r.cadenceInterpretation == .asRecorded)
    }

    @Test func medianNotPerPoint() throws {
        // A few high spikes in a per-foot file are doubled with the rest, not left alone.
        let r = try gpx("running", [85, 86, 87, 150, 88])
        #expect(r.samples.map(\.cadence) == [170, 172, 174, 300, 176])
    }

    @Test func walkingThreshold() throws {
        #expect(try gpx("walking", [55, 57, 56]).samples.map(\.cadence) == [110, 114, 112])
        #expect(try gpx("hiking", [105, 110, 112]).samples.map(\.cadence) == [105, 110, 112])
    }

    @Test func cyclingRpmIsNeverDoubled() throws {
        let r = try gpx("biking", [85, 90, 88])
        #expect(r.activity == .cycling)
        #expect(r.samples.map(\.cadence) == [85, 90, 88])
        #expect(r.cadenceInterpretation == .asRecorded)
    }

    @Test func unknownActivityKeepsValuesAndSaysSo() throws {
        let r = try gpx(nil, [85, 86])
        #expect(r.activity == nil)
        #expect(r.samples.map(\.cadence) == [85, 86])
        #expect(r.cadenceInterpretation == .ambiguousAsRecorded)
        let (resolved, doubled) = CadenceConvention.resolve(r.samples, activity: .running)
        #expect(doubled && resolved.map(\.cadence) == [170, 172])
        #expect(CadenceConvention.resolve(r.samples, activity: .cycling).doubled == false)
    }

    @Test func tcxRunCadenceIsAlwaysOneFoot() throws {
        // Even at a value a median rule would call "both feet", RunCadence means one foot.
        let r = try TCXReader.read(TS.data(TS.tcx(sport: "Other", [TS.tcxPoint(0, runCad: 60), TS.tcxPoint(1, runCad: 125)])))
        #expect(r.samples.map(\.cadence) == [120, 250])
        #expect(r.cadenceInterpretation == .doubledFromPerFoot)
    }

    @Test func tcxCadenceElementFollowsTheMedianRule() throws {
        let run = try TCXReader.read(TS.data(TS.tcx(sport: "Running", [TS.tcxPoint(0, cad: 84), TS.tcxPoint(1, cad: 86)])))
        #expect(run.samples.map(\.cadence) == [168, 172])
        let run2 = try TCXReader.read(TS.data(TS.tcx(sport: "Running", [TS.tcxPoint(0, cad: 170), TS.tcxPoint(1, cad: 172)])))
        #expect(run2.samples.map(\.cadence) == [170, 172])
        let bike = try TCXReader.read(TS.data(TS.tcx(sport: "Biking", [TS.tcxPoint(0, cad: 84, runCad: 40), TS.tcxPoint(1, cad: 86)])))
        #expect(bike.samples.map(\.cadence) == [84, 86])
        let other = try TCXReader.read(TS.data(TS.tcx(sport: "Other", [TS.tcxPoint(0, cad: 84)])))
        #expect(other.samples.map(\.cadence) == [84] && other.cadenceInterpretation == .ambiguousAsRecorded)
    }

    @Test func noCadence() throws {
        let r = try GPXReader.read(TS.data(TS.gpx([TS.gpxPoint(0)])))
        #expect(r.cadenceInterpretation == .none && r.samples[0].cadence == nil)
    }

    @Test func exportWritesPerFootForRunningAndRpmForCycling() throws {
        let s = [RunSample(time: 0, latitude: 1, longitude: 2, cadence: 171)]
        let run = String(decoding: try GPXWriter.write(name: nil, activity: .running, samples: s).data, as: UTF8.self)
        #expect(run.contains("<gpxtpx:cad>86</gpxtpx:cad>"))  // 85.5 rounds to 86
        let ride = String(decoding: try GPXWriter.write(name: nil, activity: .cycling, samples: s).data, as: UTF8.self)
        #expect(ride.contains("<gpxtpx:cad>171</gpxtpx:cad>"))
        let tcxRun = String(decoding: try TCXWriter.write(name: nil, activity: .walking, samples: s), as: UTF8.self)
        #expect(tcxRun.contains("<ns3:RunCadence>86</ns3:RunCadence>") && !tcxRun.contains("<Cadence>"))
        let tcxRide = String(decoding: try TCXWriter.write(name: nil, activity: .cycling, samples: s), as: UTF8.self)
        #expect(tcxRide.contains("<Cadence>171</Cadence>") && !tcxRide.contains("RunCadence"))
    }
}

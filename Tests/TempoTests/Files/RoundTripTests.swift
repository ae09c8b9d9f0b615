import CadenceCore
import Geo
import Foundation
import Testing
@testable import Tempo

@Suite("Write then read gives the same samples", .timeLimit(.minutes(5)))
struct RoundTripTests {
    private func close(_ a: Double?, _ b: Double?, _ tol: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (x?, y?): abs(x - y) <= tol
        default: false
        }
    }

    @Test(arguments: [Activity.running, .walking, .cycling])
    func gpx(activity: Activity) throws {
        var samples = TS.run(count: 300, cadence: activity == .cycling ? 88 : (activity == .walking ? 112 : 172))
        samples[7].time += 250  // a sub-second timestamp survives
        samples[9].heartRate = nil
        samples[10].cadence = nil
        samples[11].elevation = nil
        let out = try GPXWriter.write(name: "Morning <run> & \"hills\"", activity: activity, samples: samples)
        #expect(out.skippedWithoutPosition == 0)
        let back = try GPXReader.read(out.data)
        #expect(back.name == "Morning <run> & \"hills\"")
        #expect(back.activity == activity)
        #expect(back.creator == "Cadence")
        #expect(back.samples.count == samples.count)
        for (a, b) in zip(samples, back.samples) {
            #expect(a.time == b.time)
            #expect(close(a.latitude, b.latitude, 1e-7) && close(a.longitude, b.longitude, 1e-7))
            #expect(close(a.elevation, b.elevation, 0.005))
            #expect(close(a.heartRate, b.heartRate, 0.5))
            // Per-foot export of an odd steps/min loses at most one step (rounding of steps/2).
            #expect(close(a.cadence, b.cadence, 1))
        }
    }

    /// Pauses end segments (GPX `trkseg`, TCX `Track`), so the file read back has the same gaps;
    /// a simulated run says so and reads back simulated.
    @Test(arguments: [RunFileFormat.gpx, .tcx])
    func pausesAndTheSimulatorSurviveTheRoundTrip(format: RunFileFormat) throws {
        let samples = TS.run(count: 30)
        let pause = RunPause(start: samples[9].time, end: samples[20].time)
        let data = format == .gpx
            ? try GPXWriter.write(name: "Sim", activity: .running, samples: samples, pauses: [pause], simulated: true).data
            : try TCXWriter.write(name: "Sim", activity: .running, samples: samples, pauses: [pause], simulated: true)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(XMLText.escape(SimulatedRun.note)))
        let back = try RunFileImporter.read(data)
        #expect(back.segmentStarts == [0, 20], "a new segment at the first sample after the pause")
        #expect(back.simulated && back.name == "Sim")
        let run = try RunImport.prepare(back, format: format, now: samples[29].time)
        #expect(run.pauses == [RunPause(start: samples[19].time, end: samples[20].time)])
        #expect(run.simulated && run.report.englishNotes.contains(SimulatedRun.note) && run.report.changeNotes.contains(Note("tempo.import.note.simulated")))
        let plain = try GPXWriter.write(name: "Real", activity: .running, samples: samples).data
        #expect(try !RunFileImporter.read(plain).simulated)
        #expect(!String(decoding: plain, as: UTF8.self).contains("<src>"))
    }

    @Test func gpxSkipsSamplesWithoutPosition() throws {
        var samples = TS.run(count: 10)
        samples[3].latitude = nil
        samples[4].longitude = nil
        let out = try GPXWriter.write(name: nil, activity: .running, samples: samples)
        #expect(out.skippedWithoutPosition == 2)
        #expect(try GPXReader.read(out.data).samples.count == 8)
        #expect(throws: RunFormatError.self) { try GPXWriter.write(name: nil, activity: .running, samples: TS.run(count: 3, positions: false)) }
    }

    @Test(arguments: [true, false])
    func tcx(positions: Bool) throws {
        let samples = TS.run(count: 300, positions: positions)
        let data = try TCXWriter.write(name: "Tempo & tunes", activity: .running, samples: samples, totalDistanceMeters: 1234.5, calories: 88)
        let back = try TCXReader.read(data)
        #expect(back.activity == .running && back.name == "Tempo & tunes")
        #expect(back.startTime == samples[0].time)
        #expect(back.samples.count == samples.count)
        #expect(back.laps.count == 1)
        #expect(back.laps[0].distanceMeters == 1234.5 && back.laps[0].calories == 88 && back.laps[0].sampleCount == 300)
        #expect(back.laps[0].totalTimeSeconds == 299)
        var cumulative = 0.0
        for (i, (a, b)) in zip(samples, back.samples).enumerated() {
            #expect(a.time == b.time)
            #expect(close(a.latitude, b.latitude, 1e-7) && close(a.longitude, b.longitude, 1e-7))
            #expect(close(a.elevation, b.elevation, 0.005))
            #expect(b.heartRate == a.heartRate!.rounded())
            #expect(close(a.cadence, b.cadence, 1))
            if positions {
                if i > 0 { cumulative += Geo.haversine(lat1: samples[i - 1].latitude!, lon1: samples[i - 1].longitude!, lat2: a.latitude!, lon2: a.longitude!) }
                #expect(close(b.distance, cumulative, 0.006))
            } else {
                #expect(close(b.distance, a.distance, 0.006))  // treadmill: the sample's own distance
            }
        }
    }

    @Test func haversine() {
        // One degree of latitude ≈ 111.2 km.
        #expect(abs(Geo.haversine(lat1: 0, lon1: 0, lat2: 1, lon2: 0) - 111_195) < 5)
        #expect(Geo.haversine(lat1: 48, lon1: 11, lat2: 48, lon2: 11) == 0)
    }

    @Test func escapingAndNumbers() {
        #expect(XMLText.escape("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(XMLText.number(0.00001, decimals: 7) == "0.00001")
        #expect(XMLText.number(-0.00000001, decimals: 7) == "0")
        #expect(XMLText.number(12.5, decimals: 2) == "12.5")
    }
}

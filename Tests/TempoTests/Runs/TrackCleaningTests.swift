import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct TrackCleaningTests {
    @Test func sortsAndMergesRepeatedTimes() {
        let t = Fixture.t0
        let input = [
            RunSample(time: t + 3000, heartRate: 150),
            RunSample(time: t + 1000, cadence: 170),
            RunSample(time: t + 2000),
            RunSample(time: t + 1000, heartRate: 140, cadence: 999),   // fills the HR gap; its cadence loses to 170
            RunSample(time: t + 2000, elevation: 12),
        ]
        let cleaned = TrackCleaning.clean(input, activity: .running)
        // 5 samples, 3 distinct times → 2 repeated.
        #expect(cleaned.samples.map(\.time) == [t + 1000, t + 2000, t + 3000])
        #expect(cleaned.samples[0].heartRate == 140 && cleaned.samples[0].cadence == 170)
        #expect(cleaned.samples[1].elevation == 12)
        #expect(cleaned.report.repeatedSamples == 2)
        #expect(cleaned.report.cadencesRemoved == 0)
        #expect(cleaned.report.notes == ["2 repeated samples dropped"])
    }

    @Test func dropsAnImpossibleJumpButKeepsTheSample() {
        // 0 m, 3 m at 1 s, then 853 m at 2 s: 850 m in 1 s = 850 × 3.6 = 3,060 km/h; allowed is
        // 12.5 × 1 + 25 = 37.5 m. The point at 3 s (6 m) is 3 m from the last kept (3 m) in 2 s: kept.
        let input = [Fixture.east(0, 0, heartRate: 120), Fixture.east(1, 3), Fixture.east(2, 853, heartRate: 130), Fixture.east(3, 6)]
        let cleaned = TrackCleaning.clean(input, activity: .running)
        #expect(cleaned.samples.count == 4)
        #expect(cleaned.samples[2].latitude == nil && cleaned.samples[2].longitude == nil)
        #expect(cleaned.samples[2].heartRate == 130)
        #expect(cleaned.samples[3].longitude != nil)
        #expect(cleaned.report.impossibleJumps == 1)
        #expect(cleaned.report.notes == ["1 point dropped: a 850 m jump in 1 s (3,060 km/h) is impossible running"])
    }

    @Test func gpsNoiseToleranceDependsOnTheActivity() {
        // Walking, 1 s apart: allowed 4 × 1 + 25 = 29 m. 28 m stays; 30 m more (58 m from the last kept) goes.
        let input = [Fixture.east(0, 0), Fixture.east(1, 28), Fixture.east(2, 58)]
        let walking = TrackCleaning.clean(input, activity: .walking)
        #expect(walking.samples.map { $0.longitude != nil } == [true, true, false])
        // Running allows 12.5 + 25 = 37.5 m: all kept.
        #expect(TrackCleaning.clean(input, activity: .running).report.impossibleJumps == 0)
    }

    @Test func withTheActivityUnknownOnlyWhatNoReceiverCanRecordIsDropped() {
        // A car at 40 m/s stays (it is no run, but nothing says it was one); 2 km in 1 s (7,200 km/h) goes.
        let input = [Fixture.east(0, 0), Fixture.east(1, 40), Fixture.east(2, 80), Fixture.east(3, 2080), Fixture.east(4, 120)]
        let cleaned = TrackCleaning.clean(input, activity: nil)
        #expect(cleaned.samples.map { $0.longitude != nil } == [true, true, true, false, true])
        #expect(cleaned.report.notes == [
            "The activity is unknown, so only positions no GPS receiver can record (faster than 1,854 km/h) are dropped as glitches.",
            "1 point dropped: a 2,000 m jump in 1 s (7,200 km/h) is impossible for any GPS receiver",
        ])
        #expect(TrackCleaning.clean(input, activity: .running).report.impossibleJumps == 4, "as a run, the car's points go")
    }

    @Test func afterAPauseTheJumpCheckStartsAfresh() {
        // Paused at 10 s, resumed at 70 s 5 km away (a drive between two parts of a run): the first
        // point after the pause is not compared with the last one before it.
        let input = [Fixture.east(0, 0), Fixture.east(10, 40), Fixture.east(70, 5040), Fixture.east(71, 5043)]
        let pause = RunPause(start: Fixture.t0 + 10_000, end: Fixture.t0 + 70_000)
        #expect(TrackCleaning.clean(input, activity: .running, pauses: [pause]).report.impossibleJumps == 0)
        #expect(TrackCleaning.clean(input, activity: .running).report.impossibleJumps == 2)
    }

    @Test func dropsOffGlobePositionsAndImpossibleReadings() {
        let t = Fixture.t0
        let input = [
            RunSample(time: t, latitude: 91, longitude: 0, heartRate: 20, cadence: -1),
            RunSample(time: t + 1000, latitude: 10, heartRate: 260, cadence: 301),
            RunSample(time: t + 2000, latitude: 10, longitude: 180, heartRate: 250, cadence: 300),
        ]
        let cleaned = TrackCleaning.clean(input, activity: .running)
        #expect(cleaned.report.invalidPositions == 2)
        #expect(cleaned.report.heartRatesRemoved == 2)
        #expect(cleaned.report.cadencesRemoved == 2)
        #expect(cleaned.samples.map(\.heartRate) == [nil, nil, 250])
        #expect(cleaned.samples.map(\.cadence) == [nil, nil, 300])
        #expect(cleaned.samples[2].longitude == 180)
        #expect(cleaned.report.notes == ["2 positions dropped: not a place on Earth",
                                         "2 heart rates removed: outside 25–250 bpm",
                                         "2 cadences removed: outside 0–300"])
    }

    @Test func aCleanTrackIsUnchanged() {
        let input = Fixture.steady(seconds: 10, speed: 3)
        let cleaned = TrackCleaning.clean(input, activity: .running)
        #expect(cleaned.samples == input)
        #expect(cleaned.report.isClean && cleaned.report.notes.isEmpty)
    }

    @Test func thousandsAreGrouped() {
        #expect(NumberText.whole(3060) == "3,060")
        #expect(NumberText.whole(999) == "999")
        #expect(NumberText.whole(1_234_567.4) == "1,234,567")
    }
}

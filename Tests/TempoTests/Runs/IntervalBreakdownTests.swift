import Foundation
import Testing
@testable import Tempo

/// A planned run measured interval by interval on the active clock (a pause moves the plan, as on the live page).
@Suite(.timeLimit(.minutes(5))) struct IntervalBreakdownTests {
    /// 60 s at zone 2 (6:15 /km, heart rate 120), then 60 s at zone 4 run at 4:50 /km with a heart rate of 150;
    /// a 20 s pause 30 s in. Positions along a meridian by active time.
    @Test func eachIntervalIsMeasuredOnTheActiveClock() throws {
        let plan = try WorkoutPlan(name: "Two", steps: [
            .interval(Interval(name: "Easy", length: .duration(seconds: 60), target: .zone(2))),
            .interval(Interval(name: "Hard", length: .duration(seconds: 60), target: .zone(4))),
        ])
        let start: Int64 = 1_700_000_000_000
        let metresPerDegree = 111_195.0
        var samples: [RunSample] = []
        var metres = 0.0
        for wall in 0..<140 where !(30..<50).contains(wall) {
            let active = wall < 30 ? wall : wall - 20
            if let last = samples.last {
                let lastActive = Int((last.time - start) / 1000) < 30 ? Int((last.time - start) / 1000) : Int((last.time - start) / 1000) - 20
                for second in lastActive..<active { metres += second < 60 ? 1000 / 375.0 : 1000 / 290.0 }
            }
            samples.append(RunSample(time: start + Int64(wall) * 1000, latitude: 48.85 + metres / metresPerDegree, longitude: 2.35,
                                     heartRate: active < 60 ? 120 : 150, cadence: active < 60 ? 160 : 176))
        }
        let (intervals, zones) = IntervalBreakdown.compute(samples: samples, startedAt: start, pauses: [start + 30_000...start + 50_000],
                                                           segments: plan.timeline.segments, heartRateMaximum: 190)
        #expect(intervals.count == 2)
        let easy = intervals[0], hard = intervals[1]
        #expect(abs(easy.seconds - 60) <= 1 && abs(hard.seconds - 60) <= 1, "\(easy.seconds), \(hard.seconds)")
        #expect(abs(easy.pace! - 375) < 4, "\(easy.pace!)")
        #expect(abs(hard.pace! - 290) < 4, "\(hard.pace!)")
        #expect(easy.plannedPace.map { abs($0 - 375) < 1 } == true, "zone 2 is 6:15 /km: \(easy.plannedPace ?? 0)")
        #expect(abs((easy.heartRate ?? 0) - 120) < 1 && abs((hard.heartRate ?? 0) - 150) < 1)
        #expect(abs((easy.cadence ?? 0) - 160) < 0.5)
        // Zone 2 is 114–133 for a maximum of 190: the easy minute was in it; 150 is zone 3, below zone 4's 152–171.
        #expect(easy.zone == 2 && abs((easy.secondsInZone ?? 0) - 60) <= 1)
        #expect(hard.zone == 4 && hard.secondsInZone == 0)
        let byZone = Dictionary(uniqueKeysWithValues: try #require(zones).zones.map { ($0.zone, $0.seconds) })
        #expect(abs(byZone[2]! - 59.5) <= 1.5 && abs(byZone[3]! - 59.5) <= 1.5, "\(byZone)")
        #expect(byZone[1] == 0 && byZone[4] == 0 && byZone[5] == 0)
    }

    @Test func withoutAMaximumThereAreNoZonesButStillIntervals() throws {
        let plan = try WorkoutPlan(name: "One", steps: [.interval(Interval(name: "Easy", length: .duration(seconds: 30), target: .zone(2)))])
        let samples = (0..<40).map { RunSample(time: Int64($0) * 1000, heartRate: 130, distance: Double($0) * 3) }
        let (intervals, zones) = IntervalBreakdown.compute(samples: samples, startedAt: 0, pauses: [], segments: plan.timeline.segments,
                                                           heartRateMaximum: nil)
        #expect(zones == nil)
        #expect(intervals[0].secondsInZone == nil && intervals[0].heartRate == 130)
        #expect(abs(intervals[0].distance - 90) < 1e-9, "a foot pod's distance when there are no positions")
    }
}

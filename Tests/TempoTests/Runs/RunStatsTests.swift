import Foundation
import Testing
@testable import Tempo

private func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite(.timeLimit(.minutes(5))) struct RunStatsTests {
    @Test func steadyRunSplitsAndCalories() throws {
        // 4 m/s for 600 s = 2,400 m. Splits: 1,000 m / 250 s, 1,000 m / 250 s, 400 m / 100 s.
        // Pace 600 / 2.4 = 250 s/km. ACSM running at 240 m/min, flat: 0.2 × 240 + 3.5 = 51.5;
        // × 70 kg (default) / 1000 × 5 = 18.025 kcal/min × 10 min = 180.25 kcal.
        let s = RunStats.compute(samples: Fixture.steady(seconds: 600, speed: 4), activity: .running)
        #expect(s.elapsedSeconds == 600 && s.movingSeconds == 600)
        #expect(close(s.distance, 2400))
        #expect(s.distanceSource == .positions)
        #expect(close(s.averagePace, 250) && close(s.averageSpeed, 4))
        #expect(s.splits.count == 3)
        #expect(close(s.splits[0].seconds, 250) && close(s.splits[1].seconds, 250))
        #expect(close(s.splits[2].distance, 400) && close(s.splits[2].seconds, 100) && close(s.splits[2].pace, 250))
        // In miles: 1,609.344 m in 402.336 s, then the 790.656 m left in 197.664 s; the same pace per km.
        let miles = try #require(s.mileSplits)
        #expect(miles.map(\.number) == [1, 2])
        #expect(close(miles[0].distance, 1609.344) && close(miles[0].seconds, 402.336, 1e-3))
        #expect(close(miles[1].distance, 790.656, 1e-3) && close(miles[1].seconds, 197.664, 1e-3) && close(miles[1].pace, 250, 1e-3))
        #expect(close(s.calories.kilocalories, 180.25))
        #expect(s.calories.method == .acsmRunning)
        #expect(s.calories.methodText == "ACSM running equation from speed and climb; weight unknown, 70 kg assumed.")
        #expect(s.calories.weightAssumed == true && s.calories.minutesWithoutHeartRate == nil)
        #expect(s.averageHeartRate == nil)
        // Pace chart: 10 s windows of 40 m → 250 s/km at each of the 600 samples after the first (no downsampling needed).
        #expect(s.series.pace.count == 600 && s.series.pace.allSatisfy { abs($0.value - 250) < 1e-6 })
        #expect(s.series.heartRate.isEmpty)
    }

    @Test func splitBoundaryIsInterpolatedInsideTheSegment() {
        // 0 m at 0 s, 900 m at 100 s, 1,300 m at 300 s. The 1,000 m mark is 100 of the segment's 400 m:
        // f = 0.25 → 100 + 0.25 × 200 = 150 s. Partial split: 300 m in 150 s → 500 s/km.
        // Heart rate 120, 140, 160 → segments 130 (100 s) and 150 (200 s).
        // Split 1: (130 × 100 + 150 × 50) / 150 = 20,500 / 150 = 136.667; split 2: 150.
        // Run: (13,000 + 30,000) / 300 = 143.333; max 160.
        let samples = [Fixture.east(0, 0, heartRate: 120), Fixture.east(100, 900, heartRate: 140), Fixture.east(300, 1300, heartRate: 160)]
        let s = RunStats.compute(samples: samples, activity: .running)
        #expect(s.splits.count == 2)
        #expect(close(s.splits[0].seconds, 150) && close(s.splits[0].distance, 1000))
        #expect(close(s.splits[1].seconds, 150) && close(s.splits[1].distance, 300) && close(s.splits[1].pace, 500))
        #expect(close(s.splits[0].averageHeartRate, 20_500.0 / 150))
        #expect(close(s.splits[1].averageHeartRate, 150))
        #expect(close(s.averageHeartRate, 43_000.0 / 300))
        #expect(s.maxHeartRate == 160)
    }

    @Test func distanceIsThreeDimensional() {
        // 30 m east and 40 m up in one segment: sqrt(30² + 40²) = 50 m. Hysteresis gain: 40 > 3 → 40.
        let s = RunStats.compute(samples: [Fixture.east(0, 0, elevation: 100), Fixture.east(10, 30, elevation: 140)], activity: .walking)
        #expect(close(s.distance, 50))
        #expect(s.elevationGain == 40 && s.elevationLoss == 0)
    }

    @Test func splitElevationAddsUpToTheRun() {
        // Elevations 100 (at 0 m), 110 (at 900 m horizontal), 104 (at 1,300 m). Hysteresis: +10 confirmed at
        // sample 1, −6 at sample 2; each split gets the share of its boundary's interpolation.
        // Segment 2 is 3-D: sqrt(400² + 6²) = 400.045 m; the km mark falls inside it, after 1,000 − 900.056 m
        // (segment 1 is sqrt(900² + 10²) = 900.0556 m): f = 99.944 / 400.045 = 0.24983 of the −6 m → split 1 loss 1.499.
        let samples = [Fixture.east(0, 0, elevation: 100), Fixture.east(100, 900, elevation: 110), Fixture.east(300, 1300, elevation: 104)]
        let s = RunStats.compute(samples: samples, activity: .running)
        let d1 = (900.0 * 900 + 100).squareRoot(), d2 = (400.0 * 400 + 36).squareRoot()
        let f = (1000 - d1) / d2
        #expect(close(s.distance, d1 + d2))
        #expect(s.elevationGain == 10 && s.elevationLoss == 6)
        #expect(close(s.splits[0].elevationGain, 10) && close(s.splits[0].elevationLoss, 6 * f))
        #expect(close(s.splits[1].elevationGain, 0) && close(s.splits[1].elevationLoss, 6 * (1 - f)))
        #expect(close(s.splits[0].seconds, 100 + 200 * f))
    }

    @Test func pausesAndStopsAreNotMovingTime() {
        // 4 m/s for 100 s at 1 Hz, paused from 20 s to 30 s: moving 100 − 10 = 90 s, distance 400 − 10 × 4 = 360 m.
        let paused = Fixture.t0 + 20_000 ... Fixture.t0 + 30_000
        let s = RunStats.compute(samples: Fixture.steady(seconds: 100, speed: 4), activity: .running, pausedIntervals: [paused])
        #expect(s.elapsedSeconds == 100)
        #expect(close(s.movingSeconds, 90))
        #expect(close(s.distance, 360))
        #expect(close(s.averagePace, 90 / 0.36))

        // A 60 s gap with 10 m covered (0.17 m/s < 0.5) is a stop; 10 s segments always move.
        // Moving 10 + 10 = 20 s of 80 s; distance 40 + 10 + 40 = 90 m.
        let gap = [Fixture.east(0, 0), Fixture.east(10, 40), Fixture.east(70, 50), Fixture.east(80, 90)]
        let g = RunStats.compute(samples: gap, activity: .running)
        #expect(g.elapsedSeconds == 80 && close(g.movingSeconds, 20) && close(g.distance, 90))
    }

    @Test func deviceDistanceWithoutPositions() {
        // Treadmill: distance 0, 500, 1,200 m at 0, 150, 360 s. The km mark: f = 500 / 700 → 150 + 210 × 5/7 = 300 s.
        // Partial: 200 m in 60 s.
        let t = Fixture.t0
        let samples = [RunSample(time: t, distance: 0), RunSample(time: t + 150_000, distance: 500), RunSample(time: t + 360_000, distance: 1200)]
        let s = RunStats.compute(samples: samples, activity: .running)
        #expect(s.distanceSource == .device)
        #expect(close(s.distance, 1200))
        #expect(close(s.splits[0].seconds, 300) && close(s.splits[1].distance, 200) && close(s.splits[1].seconds, 60))
    }

    @Test func heartRateCalories() {
        // Male, 70 kg, 30 y, HR 150 for 10 min: 14.22206 kcal/min × 10 = 142.2206 kcal.
        let profile = RunnerProfile(weightKg: 70, age: 30, sex: .male)
        let s = RunStats.compute(samples: Fixture.steady(seconds: 600, speed: 3, heartRate: 150), activity: .running, profile: profile)
        #expect(s.calories.method == .heartRate)
        #expect(close(s.calories.kilocalories, 142.2206, 1e-3))
        #expect(close(s.averageHeartRate, 150))
    }

    @Test func cyclingByMET() {
        // 20.5 km/h (MET 8.0) for 1 h at 80 kg: 8 × 80 × 1 = 640 kcal. Samples every 60 s, 341.67 m apart.
        let step = 20.5 / 3.6 * 60
        let samples = (0...60).map { Fixture.east(Double($0) * 60, Double($0) * step) }
        let s = RunStats.compute(samples: samples, activity: .cycling, profile: RunnerProfile(weightKg: 80))
        #expect(s.calories.method == .cyclingMET)
        #expect(close(s.calories.kilocalories, 640, 1e-6))
        #expect(close(s.movingSeconds, 3600))
    }

    @Test func anUnknownActivityIsNotCostedAsARun() {
        let drive = RunStats.compute(samples: Fixture.steady(seconds: 600, speed: 20), activity: nil, profile: RunnerProfile(weightKg: 70))
        #expect(drive.calories.method == .none && drive.calories.kilocalories == 0)
        #expect(drive.calories.methodText.hasPrefix("Not estimated"))
        // With heart rate, weight, age and sex, the heart-rate equation needs no activity.
        let profile = RunnerProfile(weightKg: 70, age: 30, sex: .male)
        let withHR = RunStats.compute(samples: Fixture.steady(seconds: 600, speed: 3, heartRate: 150), activity: nil, profile: profile)
        #expect(withHR.calories.method == .heartRate && close(withHR.calories.kilocalories, 142.2206, 1e-3))
        #expect(withHR.calories.weightAssumed == false && withHR.calories.minutesWithoutHeartRate == nil)
    }

    @Test func minutesWithoutHeartRateAreSaidAsAValueToo() {
        // Heart rate for the first five minutes only: the rest is costed by speed, and the summary says how long.
        let samples = (0...600).map { Fixture.east(Double($0), Double($0) * 3, heartRate: $0 <= 300 ? 150 : nil) }
        let s = RunStats.compute(samples: samples, activity: .running, profile: RunnerProfile(weightKg: 70, age: 30, sex: .male))
        #expect(s.calories.method == .heartRate && s.calories.weightAssumed == false)
        let minutes = try? #require(s.calories.minutesWithoutHeartRate)
        #expect(minutes.map { s.calories.methodText.hasSuffix("; \(Int($0.rounded())) min without heart rate by speed instead.") } == true,
                "\(s.calories)")
    }

    @Test func emptyAndSingleSample() {
        #expect(RunStats.compute(samples: [], activity: .running).distance == 0)
        let one = RunStats.compute(samples: [Fixture.east(0, 0, heartRate: 140)], activity: .running)
        #expect(one.elapsedSeconds == 0 && one.splits.isEmpty && one.averageHeartRate == 140)
    }

    @Test func unsortedInputIsSorted() {
        let samples = Fixture.steady(seconds: 20, speed: 4)
        let s = RunStats.compute(samples: samples.reversed(), activity: .running)
        #expect(close(s.distance, 80) && s.elapsedSeconds == 20)
    }

    @Test func tenHourTrackAtOneHertz() {
        // 36,000 samples (10 h at 1 Hz), 3 m/s with heart rate, cadence, tempo and a gentle wave of elevation.
        // Hand values: 36,000 × 3 = 108,000 m → 108 full splits of 333.33 s, no partial; charts capped at 600 points.
        // The elevation wave (±5 m every 600 m) is steepest at 2π × 5 / 600 = 0.0524 m/m, so the 3-D distance
        // is at most sqrt(1 + 0.0524²) = 1.00137 × the flat one: 108,000 ≤ d ≤ 108,000 × 1.0014.
        let samples = (0...36_000).map { i -> RunSample in
            let x = Double(i) * 3
            var s = Fixture.east(Double(i), x, heartRate: 140 + Double(i % 20), cadence: 170)
            s.elevation = 100 + 5 * sin(x / 600 * 2 * Double.pi)
            s.tempo = 170
            return s
        }
        let s = RunStats.compute(samples: samples, activity: .running, profile: RunnerProfile(weightKg: 65, age: 40, sex: .female))
        #expect(s.elapsedSeconds == 36_000 && s.movingSeconds == 36_000)
        #expect(s.distance >= 108_000 - 1e-6 && s.distance <= 108_000 * 1.0014)
        #expect(s.splits.count == 108 || s.splits.count == 109)
        #expect(s.series.heartRate.count == 600 && s.series.pace.count == 600 && s.series.elevation.count == 600)
        #expect(s.series.cadence.count == 600 && s.series.tempo.count == 600)
        #expect(close(s.averageCadence, 170))
        #expect(s.calories.method == .heartRate)
    }
}

import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct ElevationHysteresisTests {
    @Test func countsClimbsOnlyPastThreeMetres() {
        // anchor 100; 101, 102 inside the band; 104 is +4 > 3 → climbing, gain 4; 103 dips 1 (ignored);
        // 105 → gain 5; 101 is 4 below the top → descending, loss 4; 99 → loss 6; 100 (+1, ignored); 96 → loss 9.
        // Check: 5 − 9 = −4 = 96 − 100.
        let r = ElevationHysteresis.measure([100, 101, 102, 104, 103, 105, 101, 99, 100, 96])
        #expect(r.gain == 5)
        #expect(r.loss == 9)
    }

    @Test func ignoresWobble() {
        let r = ElevationHysteresis.measure([100, 101, 99, 101, 99, 102.5, 100])
        #expect(r.gain == 0 && r.loss == 0)
    }
}

@Suite(.timeLimit(.minutes(5))) struct CaloriesTests {
    @Test func acsmRunning() {
        // 0.2 × 200 + 0.9 × 200 × 0.05 + 3.5 = 40 + 9 + 3.5 = 52.5 ml/kg/min; × 70 / 1000 × 5 = 18.375 kcal/min.
        let vo2 = Calories.runningVO2(metresPerMinute: 200, grade: 0.05)
        #expect(abs(vo2 - 52.5) < 1e-9)
        #expect(abs(Calories.kcalPerMinute(vo2: vo2, weightKg: 70) - 18.375) < 1e-9)
        // Downhill adds nothing: 0.2 × 200 + 3.5 = 43.5.
        #expect(abs(Calories.runningVO2(metresPerMinute: 200, grade: -0.1) - 43.5) < 1e-9)
    }

    @Test func acsmWalking() {
        // 0.1 × 80 + 1.8 × 80 × 0.1 + 3.5 = 8 + 14.4 + 3.5 = 25.9; × 60 / 1000 × 5 = 7.77 kcal/min.
        let vo2 = Calories.walkingVO2(metresPerMinute: 80, grade: 0.1)
        #expect(abs(vo2 - 25.9) < 1e-9)
        #expect(abs(Calories.kcalPerMinute(vo2: vo2, weightKg: 60) - 7.77) < 1e-9)
    }

    @Test func keytel() {
        // men: (−55.0969 + 0.6309 × 150 + 0.1988 × 70 + 0.2017 × 30) / 4.184
        //    = (−55.0969 + 94.635 + 13.916 + 6.051) / 4.184 = 59.5051 / 4.184 = 14.22206
        let men = Calories.heartRateKcalPerMinute(heartRate: 150, weightKg: 70, age: 30, sex: .male)!
        #expect(abs(men - 14.22206) < 1e-5)
        // women: (−20.4022 + 67.08 − 7.578 + 2.22) / 4.184 = 41.3198 / 4.184 = 9.87567
        let women = Calories.heartRateKcalPerMinute(heartRate: 150, weightKg: 60, age: 30, sex: .female)!
        #expect(abs(women - 9.87567) < 1e-5)
        #expect(Calories.heartRateKcalPerMinute(heartRate: 150, weightKg: 60, age: 30, sex: .other) == nil)
        // A resting heart rate would go negative for women: (−20.4022 + 0.4472 × 30 − 7.578 + 2.22) < 0 → 0.
        #expect(Calories.heartRateKcalPerMinute(heartRate: 30, weightKg: 60, age: 30, sex: .female) == 0)
    }

    @Test func cyclingMETBands() {
        #expect([15.9, 16, 18.9, 19, 22, 25, 30, 30.1].map(Calories.cyclingMET) == [4.0, 6.8, 6.8, 8.0, 10.0, 12.0, 12.0, 15.8])
    }

    @Test func gradeIsClamped() {
        #expect(Calories.grade(rise: 10, run: 100) == 0.1)
        #expect(Calories.grade(rise: 80, run: 100) == 0.45)
        #expect(Calories.grade(rise: -80, run: 100) == -0.45)
        #expect(Calories.grade(rise: 5, run: 0) == 0)
    }

    @Test func heartRateNeedsAKnownSex() {
        let other = RunnerProfile(weightKg: 70, age: 30, sex: .other)
        let r = Calories.kilocalories(minutes: 1, metresPerMinute: 200, grade: 0, heartRate: 150, activity: .running, profile: other)
        // Falls back to ACSM: (0.2 × 200 + 3.5) × 70 / 1000 × 5 = 43.5 × 0.35 = 15.225.
        #expect(r.method == .acsmRunning)
        #expect(abs(r.kcal - 15.225) < 1e-9)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DownsampleTests {
    @Test func bucketsAverageConsecutivePoints() {
        // 10 points into 4 buckets: indices [0,1], [2,3,4], [5,6], [7,8,9] (bucket b = b·10/4 ..< (b+1)·10/4).
        let points = (0..<10).map { ChartPoint(seconds: Double($0), value: Double($0)) }
        #expect(Downsample.buckets(points, limit: 4).map(\.value) == [0.5, 3, 5.5, 8])
        #expect(Downsample.buckets(points, limit: 20) == points)
    }
}

import Foundation
import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct LiveTempoTests {
    static let t0: Int64 = 1_700_000_000_000

    private func input(_ seconds: Int64, plan: Double?, cadence: Double?, readAt: Int64? = nil, song: Double = 160,
                       planned: Double = 1) -> LiveTempoInput {
        LiveTempoInput(now: Self.t0 + seconds * 1000, planCadence: plan,
                       sensor: cadence.map { SensorReading(time: Self.t0 + (readAt ?? seconds) * 1000, cadence: $0) },
                       songBPM: song, plannedRate: planned)
    }

    @Test func sensorLossKeepsThePlannedIntervalTempo() {
        // Song 160, plan 160. Sensor 176 for 4 s: 1.02, 1.04, 1.06, 1.08 (176/160 = 1.10, capped at 1.08).
        // The sensor's last reading is at 3 s; at 9 s it is 6 s old → plan 160 → back down 0.02 a step to 1.00.
        var state = LiveTempoState()
        var rates: [Double] = []
        for t in Int64(0)...3 {
            let r = LiveTempo.step(state, input(t, plan: 160, cadence: 176)); state = r.state; rates.append(r.output.rate)
        }
        #expect(zip(rates, [1.02, 1.04, 1.06, 1.08]).allSatisfy { abs($0 - $1) < 1e-9 })
        var last = LiveTempo.step(state, input(8, plan: 160, cadence: 176, readAt: 3))   // 5 s old: still fresh
        #expect(last.output.source == .sensor)
        for t in Int64(9)...12 { last = LiveTempo.step(last.state, input(t, plan: 160, cadence: 176, readAt: 3)) }
        #expect(last.output.source == .plan && last.output.targetCadence == 160)
        #expect(abs(last.output.rate - 1.0) < 1e-9)   // 1.08 − 4 × 0.02 = 1.00
    }

    @Test func openEndedKeepsTheLastKnownCadence() {
        // No plan. Sensor 168 → 168/160 = 1.05, reached in 3 steps; then silence for a minute: still 1.05.
        var state = LiveTempoState()
        for t in Int64(0)...2 { state = LiveTempo.step(state, input(t, plan: nil, cadence: 168)).state }
        var out = LiveTempo.step(state, input(60, plan: nil, cadence: nil))
        #expect(out.output.source == .lastKnown && out.output.targetCadence == 168)
        #expect(abs(out.output.rate - 1.05) < 1e-9)
        out = LiveTempo.step(out.state, input(61, plan: nil, cadence: nil))
        #expect(abs(out.output.rate - 1.05) < 1e-9)
    }

    @Test func smoothingConvergesInTheExpectedNumberOfSteps() {
        // From 0.95 to 1.05 at 0.02 a step: 0.10 / 0.02 = 5 steps.
        var state = LiveTempoState(rate: 0.95)
        var steps = 0
        while abs((state.rate ?? 0) - 1.05) > 1e-9, steps < 100 {
            state = LiveTempo.step(state, input(Int64(steps), plan: nil, cadence: 168)).state
            steps += 1
        }
        #expect(steps == 5)
    }

    @Test func aCadenceJumpDoesNotJumpTheRate() {
        // 160 → 200 spm: wanted 1.25, budget 1.08; one step moves only 0.02.
        let out = LiveTempo.step(LiveTempoState(rate: 1, lastCadence: 160), input(0, plan: nil, cadence: 200))
        #expect(abs(out.output.rate - 1.02) < 1e-9)
        #expect(out.output.reason.hasSuffix("(stretch budget reached)"))
    }

    @Test func songChangeStartsFromThePlannedRate() {
        var state = LiveTempoState(rate: 1.08, lastCadence: 170)
        state.songChanged()
        let out = LiveTempo.step(state, input(0, plan: nil, cadence: nil, song: 170, planned: 0.97))
        // Open-ended, last known 170, song 170 → wanted 1.00; from the planned 0.97 → 0.99.
        #expect(abs(out.output.rate - 0.99) < 1e-9)
    }
}

/// Heart-rate zones and where the maximum comes from.
@Suite(.timeLimit(.minutes(5))) struct HeartRateZonesTests {
    @Test func zonesAreTenPercentBandsOfTheMaximum() throws {
        let bands = HeartRateZones.bands(maximum: 190)
        #expect(bands.map(\.low) == [95, 114, 133, 152, 171])
        #expect(bands.map(\.high) == [114, 133, 152, 171, 190])
        #expect(HeartRateZones.zone(of: 140, maximum: 190) == 3)
        #expect(HeartRateZones.zone(of: 80, maximum: 190) == 1)
        #expect(HeartRateZones.zone(of: 200, maximum: 190) == 5)
    }

    @Test func theRunnersOwnMaximumWinsOverTheirAge() throws {
        #expect(HeartRateZones.maximum(own: 185, birthYear: 1980, year: 2026)! == (185, "profile"))
        // Tanaka: 208 − 0.7 × 46 = 175.8 → 176.
        #expect(HeartRateZones.maximum(own: nil, birthYear: 1980, year: 2026)! == (176, "age"))
        #expect(HeartRateZones.maximum(own: nil, birthYear: nil, year: 2026) == nil)
        #expect(HeartRateZones.maximum(own: 40, birthYear: nil, year: 2026) == nil)
    }
}

/// The cases shared with the browser (js/tempo-live-rules.js): both sides must give the same outputs.
@Suite(.timeLimit(.minutes(5))) struct LiveTempoCaseTests {
    struct File: Decodable { let cases: [Case] }
    struct Case: Decodable {
        let name: String
        let state: State
        let steps: [Step]
    }
    struct State: Decodable { let rate: Double?; let lastCadence: Double?; let heartRateEase: Double? }
    struct Sensor: Decodable { let time: Int64; let cadence: Double?; let heartRate: Double? }
    struct Input: Decodable {
        let now: Int64; let planCadence: Double?; let sensor: Sensor?; let songBPM: Double; let plannedRate: Double
        let stretchBudget: Double?; let stepCap: Double?; let heartRateZone: HeartRateBand?
    }
    struct Expect: Decodable {
        let rate: Double; let targetCadence: Double?; let source: String; let beat: String?; let reason: String?
    }
    struct Step: Decodable { let input: Input; let expect: Expect }

    /// Tests/TempoTests/live-tempo-cases.json, found from this file's path; e2e/browser/test_live_tempo_rules_js.py runs the same file.
    static func load() throws -> [Case] {
        let here = URL(fileURLWithPath: #filePath)
        let url = here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("live-tempo-cases.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
    }

    @Test func sharedCasesMatch() throws {
        let cases = try Self.load()
        #expect(cases.count >= 18)
        for c in cases {
            var state = LiveTempoState(rate: c.state.rate, lastCadence: c.state.lastCadence, heartRateEase: c.state.heartRateEase ?? 0)
            for (n, step) in c.steps.enumerated() {
                let i = step.input
                let input = LiveTempoInput(
                    now: i.now, planCadence: i.planCadence,
                    sensor: i.sensor.map { SensorReading(time: $0.time, cadence: $0.cadence, heartRate: $0.heartRate) },
                    songBPM: i.songBPM, plannedRate: i.plannedRate,
                    stretchBudget: i.stretchBudget ?? LiveTempo.defaultStretchBudget, stepCap: i.stepCap ?? LiveTempo.defaultStepCap,
                    heartRateZone: i.heartRateZone)
                let result = LiveTempo.step(state, input)
                state = result.state
                let o = result.output, e = step.expect
                let label = "\(c.name), step \(n + 1)"
                #expect(abs(o.rate - e.rate) <= 1e-9, "\(label): rate \(o.rate)")
                #expect(o.targetCadence == e.targetCadence, "\(label)")
                #expect(o.source.rawValue == e.source, "\(label)")
                #expect(o.beat?.rawValue == e.beat, "\(label)")
                if let reason = e.reason { #expect(o.reason == reason, "\(label)") }
            }
        }
    }
}

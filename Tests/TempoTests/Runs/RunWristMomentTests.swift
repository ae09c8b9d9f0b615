import CadenceCore
import Foundation
import Testing
@testable import Tempo

/// Issue 37: a planned run's moments for the wrist, from its plan and its pauses (the server's clock, in ms).
@Suite(.timeLimit(.minutes(5))) struct RunWristMomentTests {
    let t0: Int64 = 1_800_000_000_000

    static func plan(_ seconds: [Double], _ target: Target = .cadence(160)) throws -> PlanTimeline {
        let names = ["Easy", "Sprint", "Cool-down", "Walk"]
        return try WorkoutPlan(name: "Intervals", steps: seconds.enumerated().map { index, length in
            .interval(Interval(name: names[index % names.count], length: .duration(seconds: length), target: target))
        }).timeline
    }

    func described(_ moments: [RunWristMoment]) -> [String] {
        moments.map { "\($0.key)\($0.kind == .interval(index: 1, halfway: true) ? "+half" : "")@\(($0.at - t0) / 1000)" }
    }

    @Test func threeTwentySecondIntervalsEachIntervalHalfwayAndDone() throws {
        let moments = try Self.plan([20, 20, 20]).wristMoments(clock: RunClock(startedAt: t0, pauses: []))
        #expect(described(moments) == ["interval-0@0", "interval-1@20", "halfway@30", "interval-2@40", "done@60"])
    }

    @Test func aPauseMovesEveryLaterMomentAndAnOpenOneHoldsThem() throws {
        let timeline = try Self.plan([20, 20, 20])
        let resumed = timeline.wristMoments(clock: RunClock(startedAt: t0, pauses: [RunPause(start: t0 + 25_000, end: t0 + 35_000)]))
        #expect(described(resumed) == ["interval-0@0", "interval-1@20", "halfway@40", "interval-2@50", "done@70"])
        let standing = timeline.wristMoments(clock: RunClock(startedAt: t0, pauses: [RunPause(start: t0 + 25_000)]))
        #expect(described(standing) == ["interval-0@0", "interval-1@20"])
        // Paused just before an interval's start: that interval waits for the resume.
        let atTheStart = timeline.wristMoments(clock: RunClock(startedAt: t0, pauses: [RunPause(start: t0 + 19_999)]))
        #expect(described(atTheStart) == ["interval-0@0"])
    }

    @Test func aMidpointOnAnIntervalsStartIsSaidWithItAndShortPlansHaveNone() throws {
        let even = try Self.plan([30, 30]).wristMoments(clock: RunClock(startedAt: t0, pauses: []))
        #expect(described(even) == ["interval-0@0", "interval-1+half@30", "done@60"])
        let short = try Self.plan([20, 20]).wristMoments(clock: RunClock(startedAt: t0, pauses: []))
        #expect(described(short) == ["interval-0@0", "interval-1@20", "done@40"])
    }

    @Test func theClockCountsActiveTimeOnly() {
        let clock = RunClock(startedAt: t0, pauses: [RunPause(start: t0 + 10_000, end: t0 + 15_000), RunPause(start: t0 + 30_000)])
        #expect(clock.activeSeconds(at: t0 + 20_000) == 15)
        #expect(clock.activeSeconds(at: t0 + 40_000) == 25)
        #expect(clock.isPaused(at: t0 + 12_000))
        #expect(!clock.isPaused(at: t0 + 20_000))
        #expect(clock.isPaused(at: t0 + 40_000))
        #expect(clock.instant(afterActive: 20) == t0 + 25_000)
        #expect(clock.instant(afterActive: 25) == t0 + 30_000)
        #expect(clock.instant(afterActive: 26) == nil)
    }
}

/// Heart rate above the zone the plan asks for, for more than 20 s: one reading a second, as the phone sends them.
@Suite(.timeLimit(.minutes(5))) struct HeartRateWarningTests {
    let t0: Int64 = 1_800_000_000_000
    /// Zone 3 of a 200-bpm maximum is 140–160.
    let maximum = 200.0

    func readings(_ heartRate: Double, from: Int, to: Int, every: Int = 1) -> [RunSample] {
        stride(from: from, through: to, by: every).map { RunSample(time: t0 + Int64($0) * 1000, heartRate: heartRate) }
    }

    func check(_ samples: [RunSample], target: Target = .zone(3), pauses: [RunPause] = [], now: Int? = nil) throws -> HeartRateWarning? {
        HeartRateWarning.check(samples, timeline: try RunWristMomentTests.plan([600], target), clock: RunClock(startedAt: t0, pauses: pauses),
                               maximumHeartRate: maximum, now: t0 + Int64(now ?? Int((samples.last?.time ?? t0) - t0) / 1000) * 1000)
    }

    @Test func twentySecondsAboveTheZoneWarns() throws {
        let warning = try #require(try check(readings(150, from: 0, to: 30) + readings(172, from: 31, to: 51)))
        #expect(warning == HeartRateWarning(heartRate: 172, zone: 3, ceiling: 160, at: t0 + 51_000))
    }

    @Test(arguments: [
        ("fifteen seconds above", 15, 1, Target.zone(3)),
        ("readings six seconds apart", 30, 6, Target.zone(3)),
        ("a cadence target has no zone", 30, 1, Target.cadence(170)),
    ])
    func noWarning(_ what: String, seconds: Int, every: Int, target: Target) throws {
        #expect(try check(readings(150, from: 0, to: 30) + readings(172, from: 31, to: 31 + seconds, every: every), target: target) == nil, "\(what)")
    }

    @Test func notWhilePausedNorForReadingsThatArriveLate() throws {
        let high = readings(172, from: 0, to: 30)
        #expect(try check(high, pauses: [RunPause(start: t0 + 25_000)]) == nil)
        #expect(try check(high, now: 30 + 16) == nil)
        #expect(try check(high, now: 30 + 10) != nil)
    }
}

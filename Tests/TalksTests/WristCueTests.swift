import Foundation
import Talks
import Testing

/// Issue 37: the moments a run sends to the wrist, and when, across pauses, Next and Stop.
@Suite(.timeLimit(.minutes(5))) struct WristCueTests {
    let t0: Int64 = 1_000_000

    /// Cues at 0:00, 0:20 and 0:40 of a talk of `duration` seconds.
    func run(duration: Int = 60) throws -> TalkRun {
        var topic = try Topic(title: "Demo", duration: duration)
        for (keyword, time) in [("Welcome", "0:00"), ("A story", "0:20"), ("Thanks", "0:40")] {
            try topic.insert(try topic.makeCue(keyword: keyword, time: time))
        }
        var run = TalkRun(topic: topic)
        try run.apply(RunStep(.start, at: t0))
        return run
    }

    func schedule(_ run: TalkRun, at now: Int64) -> [String] {
        run.wristCues(at: now).map { "\($0.key)@\($0.at - t0)" }
    }

    @Test func aRunThatIsNotStartedHasNone() throws {
        var topic = try Topic(title: "Demo", duration: 60)
        try topic.insert(try topic.makeCue(keyword: "One", time: "0:00"))
        #expect(TalkRun(topic: topic).wristCues(at: t0).isEmpty)
    }

    @Test func eachCueAtItsTimeThenTimesUp() throws {
        #expect(schedule(try run(), at: t0) == ["cue-0@0", "cue-1@20000", "cue-2@40000", "end@60000"])
        // Asked later, the past ones keep their instants.
        #expect(schedule(try run(), at: t0 + 45_000) == ["cue-0@0", "cue-1@20000", "cue-2@40000", "end@60000"])
    }

    @Test func twoMinutesLeftInATalkLongerThanThat() throws {
        #expect(schedule(try run(duration: 300), at: t0) == ["cue-0@0", "cue-1@20000", "cue-2@40000", "left-120@180000", "end@300000"])
    }

    @Test func aPauseHoldsEveryLaterMomentAndResumeMovesThem() throws {
        var run = try run()
        try run.apply(RunStep(.pause, at: t0 + 10_000))
        #expect(schedule(run, at: t0 + 12_000) == ["cue-0@0"])
        try run.apply(RunStep(.resume, at: t0 + 15_000))
        #expect(schedule(run, at: t0 + 15_000) == ["cue-0@0", "cue-1@25000", "cue-2@45000", "end@65000"])
    }

    @Test func nextShowsTheFollowingCueAtOnceAndLaterCuesKeepTheirTimes() throws {
        var run = try run()
        try run.apply(RunStep(.next, at: t0 + 5_000))
        #expect(schedule(run, at: t0 + 5_000) == ["cue-0@0", "cue-1@5000", "cue-2@40000", "end@60000"])
        // Next past the last cue ends the run: no "Time's up".
        try run.apply(RunStep(.next, at: t0 + 6_000))
        try run.apply(RunStep(.next, at: t0 + 7_000))
        #expect(schedule(run, at: t0 + 7_000) == ["cue-0@0", "cue-1@5000", "cue-2@6000"])
    }

    @Test func stopCancelsWhatIsPending() throws {
        var run = try run()
        try run.apply(RunStep(.stop, at: t0 + 30_000))
        #expect(schedule(run, at: t0 + 30_000) == ["cue-0@0", "cue-1@20000"])
    }

    @Test func eachMomentCarriesTheRunAsItStandsThen() throws {
        let moments = try run().wristCues(at: t0)
        #expect(moments[1].snapshot.cueIndex == 1)
        #expect(moments[1].snapshot.nextCueAt == 40)
        #expect(moments[1].snapshot.remaining == 40)
        #expect(moments[1].snapshot.pace == .onTime)
    }
}

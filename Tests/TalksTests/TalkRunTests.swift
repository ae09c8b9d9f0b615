import Foundation
import Talks
import Testing

/// T4: the run's state at any instant, from its steps alone.
@Suite(.timeLimit(.minutes(5))) struct TalkRunTests {
    /// Cues at 0:00, 0:10 and 0:20 of a 30-second talk.
    func run() throws -> TalkRun {
        var topic = try Topic(title: "Demo", duration: 30)
        for (keyword, time) in [("One", "0:00"), ("Two", "0:10"), ("Three", "0:20")] {
            try topic.insert(try topic.makeCue(keyword: keyword, time: time))
        }
        return TalkRun(topic: topic)
    }

    let t0: Int64 = 1_000_000

    @Test func beforeStartNothingRuns() throws {
        let snapshot = try run().snapshot(at: t0)
        #expect(snapshot.phase == .notStarted)
        #expect(snapshot.elapsed == 0)
        #expect(snapshot.cueIndex == nil)  // not even the cue at 0:00
        #expect(snapshot.nextCueAt == 0)
    }

    @Test(arguments: [(0, 0), (9_999, 0), (10_000, 1), (19_000, 1), (20_000, 2), (29_000, 2)])
    func theKeywordChangesByItselfAtEachCue(after: Int64, index: Int) throws {
        var run = try run()
        try run.apply(RunStep(.start, at: t0))
        let snapshot = run.snapshot(at: t0 + after)
        #expect(snapshot.phase == .running)
        #expect(snapshot.cueIndex == index)
    }

    @Test func theEndShowsFinished() throws {
        var run = try run()
        try run.apply(RunStep(.start, at: t0))
        let end = run.snapshot(at: t0 + 31_000)
        #expect(end.phase == .finished)
        #expect(end.elapsed == 30)
        #expect(end.remaining == 0)
        #expect(throws: RunError.self) { try run.apply(RunStep(.next, at: t0 + 32_000)) }
    }

    @Test func nextJumpsAheadAndLaterCuesKeepTheirTimes() throws {
        var run = try run()
        try run.apply(RunStep(.start, at: t0))
        try run.apply(RunStep(.next, at: t0 + 3_000))
        #expect(run.snapshot(at: t0 + 3_000).cueIndex == 1)
        #expect(run.snapshot(at: t0 + 19_000).cueIndex == 1)
        #expect(run.snapshot(at: t0 + 20_000).cueIndex == 2)
        try run.apply(RunStep(.next, at: t0 + 21_000))  // past the last cue
        #expect(run.snapshot(at: t0 + 21_000).phase == .finished)
    }

    @Test func pausesStopTheClock() throws {
        var run = try run()
        try run.apply(RunStep(.start, at: t0))
        try run.apply(RunStep(.pause, at: t0 + 5_000))
        #expect(run.snapshot(at: t0 + 60_000).elapsed == 5)
        #expect(run.snapshot(at: t0 + 60_000).phase == .paused)
        try run.apply(RunStep(.resume, at: t0 + 60_000))
        #expect(run.snapshot(at: t0 + 65_000).cueIndex == 1)  // 10 s of talking
        #expect(run.snapshot(at: t0 + 65_000).nextCueAt == 20)
    }

    @Test func theSameStepsGiveTheSameStateOnEveryDevice() throws {
        var first = try run()
        try first.apply(RunStep(.start, at: t0))
        try first.apply(RunStep(.next, at: t0 + 2_000))
        // A second watch (or a reload) decodes the steps and agrees at every instant.
        let second = try JSONDecoder().decode(TalkRun.self, from: JSONEncoder().encode(first))
        for offset in stride(from: Int64(0), through: 35_000, by: 500) {
            #expect(first.snapshot(at: t0 + offset) == second.snapshot(at: t0 + offset))
        }
    }

    @Test func impossibleStepsAreRefused() throws {
        var run = try run()
        #expect(throws: RunError.notAllowed(action: .pause, phase: .notStarted)) { try run.apply(RunStep(.pause, at: t0)) }
        try run.apply(RunStep(.start, at: t0))
        #expect(throws: RunError.notAllowed(action: .start, phase: .running)) { try run.apply(RunStep(.start, at: t0 + 1)) }
        #expect(throws: RunError.outOfOrder) { try run.apply(RunStep(.pause, at: t0 - 1)) }
    }

    /// T5: the rehearsal log, actual against planned.
    @Test func timingsShowDriftPerCue() throws {
        var run = try run()
        try run.apply(RunStep(.start, at: t0))
        try run.apply(RunStep(.next, at: t0 + 4_000))   // "Two" 6 s early
        try run.apply(RunStep(.stop, at: t0 + 15_000))  // "Three" never shown
        let timings = run.timings(at: t0 + 15_000)
        #expect(timings.map(\.drift) == [0, -6, nil])
    }

    /// Tests/TalksTests/talk-run-cases.json, found from this file's path: the same cases run
    /// against static/talk-run.js in Chromium (e2e/browser/test_talk_run_js.py), so the watch,
    /// the phone and the server compute one state from one set of steps.
    @Test func sharedCasesMatchTheWatchsRules() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("talk-run-cases.json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        func number(_ value: Any?) throws -> Int64 { try #require((value as? NSNumber)?.int64Value) }
        let t0 = try number(file["t0"])
        var topic = try Topic(title: "Shared cases", duration: Int(try number(file["duration"])))
        for cue in try #require(file["cues"] as? [[String: Any]]) {
            try topic.insert(Cue(keyword: try #require(cue["keyword"] as? String), at: Int(try number(cue["at"]))))
        }
        let cases = try #require(file["cases"] as? [[String: Any]])
        #expect(cases.count >= 20)
        var paces = Set<Pace>()
        for sharedCase in cases {
            let name = try #require(sharedCase["name"] as? String)
            var run = TalkRun(topic: topic)
            for step in try #require(sharedCase["steps"] as? [[Any]]) {
                let action = try #require((step[0] as? String).flatMap(RunStep.Action.init(rawValue:)))
                try run.apply(RunStep(action, at: t0 + (try number(step[1]))))
            }
            let snapshot = run.snapshot(at: t0 + (try number(sharedCase["now"])))
            if let pace = snapshot.pace { paces.insert(pace) }
            let actual: [String: Any?] = [
                "phase": snapshot.phase.rawValue, "cueIndex": snapshot.cueIndex, "elapsed": snapshot.elapsed,
                "remaining": snapshot.remaining, "nextCueAt": snapshot.nextCueAt, "pace": snapshot.pace?.rawValue,
            ]
            for (key, expected) in try #require(sharedCase["expect"] as? [String: Any]) {
                let got = try #require(actual[key], "\(name): no such field \(key)")
                #expect(Self.matches(got, expected), "\(name): \(key) is \(String(describing: got)), expected \(expected)")
            }
        }
        #expect(paces == [.onTime, .dueSoon, .overdue])  // every colour the watch can show
    }

    /// A JSON value (null, number or text) against the Swift one.
    static func matches(_ got: Any?, _ expected: Any) -> Bool {
        switch expected {
        case is NSNull: got == nil
        case let text as String: got as? String == text
        case let number as NSNumber:
            if let value = got as? Double { abs(value - number.doubleValue) < 1e-9 } else { (got as? Int) == number.intValue }
        default: false
        }
    }
}

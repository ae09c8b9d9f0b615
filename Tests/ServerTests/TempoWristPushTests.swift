import CadenceCore
import Foundation
import Tempo
import TempoService
import TempoWeb
import Testing

/// Issue 37: a planned run's moments as the notification a watch shows, from the event the sender publishes.
@Suite(.timeLimit(.minutes(5))) struct TempoWristPushTests {
    static let runID = UUID()

    static func run(_ steps: [PlanStep], activity: Activity = .running) throws -> PlannedRun {
        let plan = try WorkoutPlan(name: "Plan", activity: activity, steps: steps)
        return try #require(PlannedRun(RunRecord(id: runID, name: "Run", activity: activity.rawValue, source: "recorded", status: .recording,
                                                 planJSON: try TempoJSON.json(plan), startedAt: 1_800_000_000_000)))
    }

    static func notification(_ data: [String: Any], in language: Language = .english) throws -> PushNotification {
        try #require(PushRulesTests.notification("tempo.wrist", LiveJSON.object(data), in: language))
    }

    static func moment(_ kind: RunWristMoment.Kind, of run: PlannedRun, in language: Language = .english) throws -> PushNotification {
        try notification(LiveRunWristSender.data(RunWristMoment(kind: kind, at: 1_800_000_000_000), of: run), in: language)
    }

    @Test func anIntervalSaysItsLengthAndTargetOnAWatchFace() throws {
        let run = try Self.run([
            .interval(.minutes(5, "Warm-up", .cadence(150))),
            .repeat(count: 4, steps: [.interval(.minutes(2, "Sprint", .cadence(175))), .interval(.minutes(3, "Easy", .cadence(150)))]),
        ])
        let sprint = try Self.moment(.interval(index: 1, halfway: false), of: run)
        #expect(sprint.title == "Sprint 1/4")
        #expect(sprint.body == "2:00 · 175 steps/min")
        #expect(sprint.tag == "tempo-run-\(Self.runID.uuidString.lowercased())")
        #expect(sprint.urgency == .high && sprint.timeToLive == 30 && sprint.wristCuesOnly)
        #expect(sprint.quietWhileOpen == "/phone/tempo/run", "not shown over the run's own page in front")
        #expect(sprint.url == "/phone/tempo/run")
        let easy = try Self.moment(.interval(index: 4, halfway: true), of: run, in: .spanish)
        #expect(easy.title == "Easy 2/4")
        #expect(easy.body == "3:00 · 150 pasos/min · Mitad")
    }

    @Test func rampsPacesAndCyclingSayTheirOwnTarget() throws {
        let ramp = try Self.run([.interval(.minutes(10, "Build", .cadence(150), to: .cadence(170)))])
        #expect(try Self.moment(.interval(index: 0, halfway: false), of: ramp).body == "10:00 · 150–170 steps/min")
        let paced = try Self.run([.interval(.minutes(4, "Threshold", .pace(secondsPerKm: 270)))])
        #expect(try Self.moment(.interval(index: 0, halfway: false), of: paced).body == "4:00 · 4:30 /km")
        let ride = try Self.run([.interval(.minutes(6, "Climb", .cadence(70)))], activity: .cycling)
        #expect(try Self.moment(.interval(index: 0, halfway: false), of: ride).body == "6:00 · 70 rpm")
    }

    @Test func halfwayAndDoneSayHowFarAlong() throws {
        let run = try Self.run([.interval(.minutes(28 + 14.0 / 60, "Steady", .zone(2)))])
        let halfway = try Self.moment(.halfway, of: run)
        #expect(halfway.title == "Halfway")
        #expect(halfway.body == "14:07 to go")
        var done = LiveRunWristSender.data(RunWristMoment(kind: .done, at: 0), of: run)
        #expect(try Self.notification(done).body == "28:14", "no distance measured: only the time")
        done["distance"] = 5_200.0
        let finished = try Self.notification(done)
        #expect(finished.title == "Done")
        #expect(finished.body == "5.2 km in 28:14")
        #expect(try Self.notification(done, in: .spanish).body == "5,2 km en 28:14")
    }

    @Test func aHeartRateWarningIsShort() throws {
        let warning = try Self.notification(["runId": Self.runID.uuidString, "kind": "heart_rate", "heartRate": 172, "zone": 3, "ceiling": 160])
        #expect(warning.title == "Heart rate high")
        #expect(warning.body == "172 bpm · zone 3 tops at 160")
        #expect(PushRulesTests.notification("tempo.wrist", #"{"runId":"x","kind":"heart_rate"}"#) == nil, "an event missing its numbers pushes nothing")
    }
}

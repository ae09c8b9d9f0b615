import CadenceCore
import Foundation
import Logging
import PlatformService
import PlatformStorage
import Synchronization
import Tempo
import TempoService
import TempoStorage
import Testing

/// Issue 37: the server times a planned run's interval notifications from its plan and the pauses the phone reports,
/// on the engine under test: across a pause, two instances (each moment once), a restart mid-run, a moment older than
/// its time to live (skipped), and heart-rate warnings at most once a minute.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TempoRunWristTests {
    /// What went out, as the moment's key (or `heart-<bpm>`).
    final class RecordingSender: RunWristSender {
        let sent = Mutex<[String]>([])
        func send(_ moment: RunWristMoment, of run: PlannedRun, accountID: UUID) async throws {
            sent.withLock { $0.append(moment.key) }
        }
        func send(_ warning: HeartRateWarning, of run: RunRecord, accountID: UUID) async throws {
            sent.withLock { $0.append("heart-\(warning.heartRate)") }
        }
        var keys: [String] { sent.withLock { $0 } }
    }

    static let t0: Int64 = 1_800_000_000_000

    struct Bench {
        let store: SQLRunStore
        let clock: SetClock
        let accountID: UUID
        let plans: TempoPlans
        let tempoStore: SQLTempoStore

        func wrist(_ sender: RecordingSender, listening: Bool = true) -> RunWrist {
            RunWrist(store: store, sender: sender, listeners: Listening(on: listening), clock: clock, logger: Logger(label: "test.tempo.wrist"),
                     sendsAtOnce: false)
        }

        func runs(_ wrist: RunWrist) -> TempoRuns { TempoRuns(store: store, plans: tempoStore, clock: clock, wrist: wrist) }

        /// Starts a run at t0 on a plan of three 20-s intervals (or `target` ones of 10 minutes).
        func start(on runs: TempoRuns, target: Target? = nil) async throws -> UUID {
            let steps: [PlanStep] = if let target {
                [.interval(Interval(name: "Tempo", length: .duration(seconds: 600), target: target))]
            } else {
                ["Easy", "Sprint", "Cool-down"].map { .interval(Interval(name: $0, length: .duration(seconds: 20), target: .cadence(160))) }
            }
            let plan = try await plans.create(try WorkoutPlan(name: "Short intervals", steps: steps), accountID: accountID)
            let id = UUID()
            let input = try TempoRunWristTests.decode(NewRunInput.self, #"{"id":"\#(id)","startedAt":"\#(TempoRunWristTests.iso(0))","planId":"\#(plan.id)"}"#)
            _ = try await runs.start(input, accountID: accountID)
            return id
        }
    }

    static func iso(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(millisecondsSince1970: t0 + Int64(seconds) * 1000))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(json.utf8))
    }

    /// `[(start, end?)]` in seconds from t0.
    static func pauses(_ pauses: [(Int, Int?)]) throws -> PausesInput {
        let list = pauses.map { start, end in
            #"{"start":"\#(iso(start))""# + (end.map { #","end":"\#(iso($0))""# } ?? "") + "}"
        }
        return try decode(PausesInput.self, #"{"pauses":[\#(list.joined(separator: ","))]}"#)
    }

    func withBench(_ body: (Bench) async throws -> Void) async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("tempo-wrist"), displayName: "Runner", createdAt: Date()), passwordHash: "x")
            let clock = SetClock(Date(millisecondsSince1970: Self.t0))
            let tempoStore = SQLTempoStore(database: database)
            try await body(Bench(store: SQLRunStore(database: database), clock: clock, accountID: accountID,
                                 plans: TempoPlans(store: tempoStore, clock: clock), tempoStore: tempoStore))
        }
    }

    /// Steps the clock a second at a time through `seconds`, sending what falls due on each instance.
    func walk(_ bench: Bench, _ seconds: ClosedRange<Int>, _ schedulers: [RunWristScheduler], at: (Int) async throws -> Void = { _ in })
        async throws
    {
        for second in seconds {
            bench.clock.set(Self.t0 + Int64(second) * 1000)
            try await at(second)
            for scheduler in schedulers { await scheduler.sendDue() }
            if second % 2 == 0 { for scheduler in schedulers { try await scheduler.poll() } }
        }
    }

    @Test func eachIntervalAtItsMomentAcrossAPause() async throws {
        try await withBench { bench in
            let sender = RecordingSender()
            let wrist = bench.wrist(sender)
            let runs = bench.runs(wrist)
            let id = try await bench.start(on: runs)
            await wrist.scheduler.sendDue()
            #expect(sender.keys == ["interval-0"], "the first interval goes out as the run starts")
            try await walk(bench, 1...34, [wrist.scheduler]) { second in
                if second == 25 { _ = try await runs.setPauses(try Self.pauses([(25, nil)]), runID: id, accountID: bench.accountID) }
            }
            #expect(sender.keys == ["interval-0", "interval-1"], "halfway (30 s) waits while the run stands paused")
            try await walk(bench, 35...75, [wrist.scheduler]) { second in
                if second == 35 { _ = try await runs.setPauses(try Self.pauses([(25, 35)]), runID: id, accountID: bench.accountID) }
            }
            #expect(sender.keys == ["interval-0", "interval-1", "halfway", "interval-2", "done"])
            let claimedHalfway = try await bench.store.claimWristMoment(runID: id, moment: "halfway", at: bench.clock.now())
            #expect(!claimedHalfway, "halfway was claimed when it went out")
        }
    }

    /// Two instances, one of which hears of the run and its pause only from the table: each moment once in all.
    @Test func twoInstancesSendEachMomentOnce() async throws {
        try await withBench { bench in
            let (first, second) = (RecordingSender(), RecordingSender())
            let a = bench.wrist(first), b = bench.wrist(second)
            let runs = bench.runs(a)
            let id = try await bench.start(on: runs)
            try await b.scheduler.poll()
            try await walk(bench, 0...80, [a.scheduler, b.scheduler]) { second in
                // Paused and resumed through instance B's service: A learns of it by polling.
                if second == 15 { _ = try await bench.runs(b).setPauses(try Self.pauses([(15, nil)]), runID: id, accountID: bench.accountID) }
                if second == 25 { _ = try await bench.runs(b).setPauses(try Self.pauses([(15, 25)]), runID: id, accountID: bench.accountID) }
            }
            let all = first.keys + second.keys
            #expect(all.sorted() == ["done", "halfway", "interval-0", "interval-1", "interval-2"])
            #expect(Set(all).count == all.count, "no moment twice: \(first.keys) and \(second.keys)")
        }
    }

    /// A new instance picks up a running plan from the table: what was sent is not sent again; a moment that fell
    /// due more than 30 s before it came up is skipped, not sent late.
    @Test func aRestartResumesAndSkipsWhatIsTooLate() async throws {
        try await withBench { bench in
            let before = RecordingSender()
            let old = bench.wrist(before)
            _ = try await bench.start(on: bench.runs(old))
            try await walk(bench, 0...21, [old.scheduler])
            #expect(before.keys == ["interval-0", "interval-1"])
            let after = RecordingSender()
            let restarted = bench.wrist(after)
            try await walk(bench, 22...61, [restarted.scheduler])
            #expect(after.keys == ["halfway", "interval-2", "done"])
            // An instance that comes up at +75 s finds done 15 s late (still sent by someone: claimed) and the
            // intervals 35 s late or more: nothing.
            let late = RecordingSender()
            let lateInstance = bench.wrist(late)
            try await walk(bench, 75...76, [lateInstance.scheduler])
            #expect(late.keys.isEmpty)
        }
    }

    @Test func aMomentMoreThanThirtySecondsLateIsSkipped() async throws {
        try await withBench { bench in
            let unheard = RecordingSender()
            _ = try await bench.start(on: bench.runs(bench.wrist(unheard, listening: false)))
            let late = RecordingSender()
            let lateInstance = bench.wrist(late)
            // Up at +31 s: interval-0 (31 s ago) is skipped; interval-1 (11 s) and halfway still go.
            try await walk(bench, 31...35, [lateInstance.scheduler])
            #expect(unheard.keys.isEmpty)
            #expect(late.keys == ["interval-1", "halfway"])
        }
    }

    @Test func heartRateAboveTheZoneWarnsAtMostOnceAMinute() async throws {
        try await withBench { bench in
            try await bench.store.saveProfile(RunnerProfileRecord(maxHeartRate: 200), accountID: bench.accountID, at: bench.clock.now())
            let sender = RecordingSender()
            let wrist = bench.wrist(sender)
            let runs = bench.runs(wrist)
            let id = try await bench.start(on: runs, target: .zone(3))  // zone 3 of 200: up to 160
            func send(_ heartRate: Double, _ seconds: ClosedRange<Int>) async throws {
                bench.clock.set(Self.t0 + Int64(seconds.upperBound) * 1000)
                _ = try await runs.addSamples(seconds.map { RunSample(time: Self.t0 + Int64($0) * 1000, heartRate: heartRate) },
                                              runID: id, accountID: bench.accountID)
            }
            try await send(150, 0...10)
            try await send(175, 11...25)
            #expect(sender.keys.isEmpty, "15 s above: nothing yet (the intervals are not sent here: nothing steps the scheduler)")
            try await send(175, 26...32)
            #expect(sender.keys == ["heart-175"])
            try await send(178, 33...70)
            #expect(sender.keys == ["heart-175"], "not again within the minute")
            try await send(180, 71...95)
            #expect(sender.keys == ["heart-175", "heart-180"])
        }
    }

    @Test func pausesAreCheckedAndASavedRunRefusesThem() async throws {
        try await withBench { bench in
            let runs = bench.runs(bench.wrist(RecordingSender()))
            let id = try await bench.start(on: runs)
            bench.clock.set(Self.t0 + 60_000)
            await #expect(throws: ValidationError.self) {
                _ = try await runs.setPauses(try Self.pauses([(10, nil), (20, 30)]), runID: id, accountID: bench.accountID)
            }
            await #expect(throws: ValidationError.self) {
                _ = try await runs.setPauses(try Self.pauses([(-5, 10)]), runID: id, accountID: bench.accountID)
            }
            let saved = try await runs.setPauses(try Self.pauses([(10, 20), (30, nil)]), runID: id, accountID: bench.accountID)
            #expect(saved.pauses == [RunPause(start: Self.t0 + 10_000, end: Self.t0 + 20_000), RunPause(start: Self.t0 + 30_000)])
            _ = try await runs.finish(try Self.decode(FinishInput.self, #"{"endedAt":"\#(Self.iso(60))"}"#), runID: id, accountID: bench.accountID)
            await #expect(throws: Conflict.self) {
                _ = try await runs.setPauses(try Self.pauses([]), runID: id, accountID: bench.accountID)
            }
        }
    }
}

import CadenceCore
import Foundation
import Logging
import PlatformService
import PlatformStorage
import Synchronization
import Talks
import TalksService
import TalksStorage
import TalksWeb
import Testing

/// Issue 37: the server times a running talk's cues for the wrist, on the engine under test: across a pause, Next
/// and Stop, two instances side by side (each moment once), a restart mid-talk, a moment older than its time to live
/// (skipped, not sent), and nobody listening (nothing claimed).
@Suite(.serialized, .timeLimit(.minutes(5))) struct TalkWristCueTests {
    /// What went out, as `key` (the instance is told apart by the sender it was given).
    final class RecordingSender: WristCueSender {
        let sent = Mutex<[String]>([])
        func send(_ cue: WristCue, of run: StoredRun, accountID: UUID) async throws {
            sent.withLock { $0.append(cue.key) }
        }
        var keys: [String] { sent.withLock { $0 } }
    }

    struct NoCast: CastAnnouncer {
        func announce(_ state: CastState, to accountID: UUID) async throws {}
    }

    let t0: Int64 = 1_800_000_000_000

    struct Bench {
        let store: SQLTalkStore
        let clock: SetClock
        let accountID: UUID
        let topicID: UUID
        func scheduler(_ sender: RecordingSender, listening: Bool = true) -> WristCueScheduler {
            WristCueScheduler(store: store, sender: sender, listeners: Listening(on: listening), clock: clock, logger: Logger(label: "test.wrist"),
                              sendsAtOnce: false)
        }
        func service(_ scheduler: WristCueScheduler) -> TalkService {
            TalkService(store: store, announcer: NoCast(), clock: clock, wristCues: scheduler)
        }
    }

    /// A talk with cues at 0:00, 0:20 and 0:40 of `duration` seconds, in a database of the test's own.
    func withBench(duration: Int = 60, _ body: (Bench) async throws -> Void) async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("wrist"), displayName: "Wrist", createdAt: Date()), passwordHash: "x")
            var topic = try Topic(title: "Wrist talk", duration: duration)
            for (keyword, time) in [("Welcome", "0:00"), ("A story", "0:20"), ("Thanks", "0:40")] {
                try topic.insert(try topic.makeCue(keyword: keyword, time: time))
            }
            let clock = SetClock(Date(millisecondsSince1970: t0))
            let store = SQLTalkStore(database: database)
            try await store.save(topic, accountID: accountID, at: clock.now())
            try await body(Bench(store: store, clock: clock, accountID: accountID, topicID: topic.id))
        }
    }

    @Test func eachCueAtItsMomentAcrossAPauseAndNext() async throws {
        try await withBench { bench in
            let sender = RecordingSender()
            let scheduler = bench.scheduler(sender)
            let talks = bench.service(scheduler)
            let (run, _) = try await talks.startRun(topicID: bench.topicID, accountID: bench.accountID)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0"])
            bench.clock.set(t0 + 19_900)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0"], "not before its moment")
            bench.clock.set(t0 + 20_000)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0", "cue-1"])
            // Paused at 0:25 on the talk's clock: the cue due at 0:40 waits.
            bench.clock.set(t0 + 25_000)
            _ = try await talks.step(.pause, runID: run.id, accountID: bench.accountID)
            bench.clock.set(t0 + 41_000)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0", "cue-1"], "a pause holds the pending cue")
            // Resumed at +50 s: 15 s of talk remain before 0:40, so it falls at +65 s; Next brings it now.
            bench.clock.set(t0 + 50_000)
            _ = try await talks.step(.resume, runID: run.id, accountID: bench.accountID)
            bench.clock.set(t0 + 52_000)
            _ = try await talks.step(.next, runID: run.id, accountID: bench.accountID)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0", "cue-1", "cue-2"], "Next sends the next cue at once")
            // Next moves no clock: 27 s were talked by +52 s, so the end (1:00) falls at +85 s.
            bench.clock.set(t0 + 84_900)
            await scheduler.sendDue()
            #expect(sender.keys.count == 3)
            bench.clock.set(t0 + 85_000)
            await scheduler.sendDue()
            #expect(sender.keys == ["cue-0", "cue-1", "cue-2", "end"])
            #expect(scheduler.trackedRuns == 0, "a finished run is forgotten")
        }
    }

    @Test func stopCancelsWhatIsPending() async throws {
        try await withBench { bench in
            let sender = RecordingSender()
            let scheduler = bench.scheduler(sender)
            let talks = bench.service(scheduler)
            let (run, _) = try await talks.startRun(topicID: bench.topicID, accountID: bench.accountID)
            await scheduler.sendDue()
            bench.clock.set(t0 + 10_000)
            _ = try await talks.step(.stop, runID: run.id, accountID: bench.accountID)
            for at in stride(from: t0 + 10_000, through: t0 + 70_000, by: 5_000) {
                bench.clock.set(at)
                await scheduler.sendDue()
            }
            #expect(sender.keys == ["cue-0"])
        }
    }

    /// Two instances, each learning of the run by polling (one took the start, the other only reads the table): every
    /// moment goes out once in all, and a step taken on one reaches the other before it sends.
    @Test func twoInstancesSendEachMomentOnce() async throws {
        try await withBench(duration: 200) { bench in
            let (first, second) = (RecordingSender(), RecordingSender())
            let a = bench.scheduler(first)
            let b = bench.scheduler(second)
            let talks = bench.service(a)
            let (run, _) = try await talks.startRun(topicID: bench.topicID, accountID: bench.accountID)
            try await b.poll()
            for at in stride(from: t0, through: t0 + 235_000, by: 1_000) {  // the end: 200 s of talk + 30 s paused
                bench.clock.set(at)
                if at == t0 + 30_000 {
                    // Paused on instance B's side (it saves the step; A has not heard): A must not send 0:40 meanwhile.
                    _ = try await bench.service(b).step(.pause, runID: run.id, accountID: bench.accountID)
                }
                if at == t0 + 60_000 { _ = try await bench.service(b).step(.resume, runID: run.id, accountID: bench.accountID) }
                // Side by side, in either order.
                if at % 2_000 == 0 {
                    async let one = a.sendDue()
                    async let other = b.sendDue()
                    _ = await (one, other)
                } else {
                    await b.sendDue()
                    await a.sendDue()
                }
                if at % 500 == 0 { try await a.poll(); try await b.poll() }
            }
            let all = first.keys + second.keys
            #expect(all.sorted() == ["cue-0", "cue-1", "cue-2", "end", "left-120"])
            #expect(Set(all).count == all.count, "no moment twice: \(first.keys) and \(second.keys)")
        }
    }

    /// A new instance (a restart) picks up a running talk from the table: a moment already sent is not sent again, the
    /// rest go on; one that fell due more than 30 s before is skipped, not sent late.
    @Test func aRestartResumesTheScheduleAndSkipsWhatIsTooLate() async throws {
        try await withBench(duration: 120) { bench in
            let before = RecordingSender()
            let old = bench.scheduler(before)
            _ = try await bench.service(old).startRun(topicID: bench.topicID, accountID: bench.accountID)
            bench.clock.set(t0 + 20_000)
            await old.sendDue()
            #expect(before.keys == ["cue-0", "cue-1"])
            // Back up at +25 s: cue-1 (claimed) is within its 30 s but not sent twice.
            bench.clock.set(t0 + 25_000)
            let after = RecordingSender()
            let restarted = bench.scheduler(after)
            try await restarted.poll()
            await restarted.sendDue()
            #expect(after.keys.isEmpty)
            bench.clock.set(t0 + 40_000)
            await restarted.sendDue()
            #expect(after.keys == ["cue-2"])
            // Another instance that comes up only at +75 s: 0:40 is 35 s late, so it is skipped; the end still goes.
            let late = RecordingSender()
            let lateInstance = bench.scheduler(late)
            bench.clock.set(t0 + 75_000)
            try await lateInstance.poll()
            await lateInstance.sendDue()
            #expect(late.keys.isEmpty)
            bench.clock.set(t0 + 120_000)
            await lateInstance.sendDue()
            #expect(late.keys == ["end"])
        }
    }

    @Test func nobodyListeningClaimsNothing() async throws {
        try await withBench { bench in
            let unheard = RecordingSender()
            let scheduler = bench.scheduler(unheard, listening: false)
            let (run, _) = try await bench.service(scheduler).startRun(topicID: bench.topicID, accountID: bench.accountID)
            await scheduler.sendDue()
            #expect(unheard.keys.isEmpty)
            // A listening instance in time for cue-0 still gets it: the unheard one did not claim it.
            let heard = RecordingSender()
            let listening = bench.scheduler(heard)
            try await listening.poll()
            await listening.sendDue()
            #expect(heard.keys == ["cue-0"])
            #expect(try await bench.store.claimWristCue(runID: run.id, moment: "cue-0", at: bench.clock.now()) == false)
        }
    }
}

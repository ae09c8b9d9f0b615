import CadenceCore
import Foundation
import PlatformService
import PlatformStorage
@testable import Tempo
import TempoService
import TempoStorage
import Testing

/// A finished run's stats are stored as versioned JSON (`StoredRunSummary`, `tempo_runs.summary`). Each version's
/// row is pinned as written; a version 1 row (the whole `RunSummary` as Codable wrote it) is read, and one from
/// before best efforts were kept is summarised again once and stored as version 2, on the engine under test.
@Suite(.serialized, .timeLimit(.minutes(5))) struct StoredRunSummaryTests {
    /// Version 1 as `TempoJSON.json(RunSummary)` wrote it until December 2026, with best efforts.
    static let version1Row = #"{"elapsedSeconds":1830,"distanceSource":"none","elevationGain":0,"averagePace":344.3,"calories":{"method":"acsmRunning","methodText":"","kilocalories":0},"series":{"heartRate":[],"pace":[],"cadence":[],"elevation":[],"tempo":[]},"movingSeconds":1794,"elevationLoss":0,"bestEfforts":[{"metres":1000,"seconds":318},{"metres":5000,"seconds":1702}],"splits":[],"startTime":1800000000000,"distance":5210}"#
    /// Version 1 from before best efforts were kept.
    static let version1RowWithoutBests = #"{"elevationGain":0,"averagePace":344.3,"elapsedSeconds":1830,"movingSeconds":1794,"distance":5210,"splits":[],"elevationLoss":0,"calories":{"method":"acsmRunning","methodText":"","kilocalories":0},"series":{"elevation":[],"heartRate":[],"pace":[],"cadence":[],"tempo":[]},"distanceSource":"none","startTime":1800000000000}"#
    /// Version 2, as written now.
    static let version2Row = #"{"bestEfforts":[{"metres":1000,"seconds":318},{"metres":5000,"seconds":1702}],"distance":5210,"elapsedSeconds":1830,"movingSeconds":1794,"version":2}"#

    static let bests = [BestEffort(metres: 1000, seconds: 318), BestEffort(metres: 5000, seconds: 1702)]

    @Test func eachVersionsRowIsReadAndTodaysIsWrittenAsPinned() throws {
        let old = try #require(StoredRunSummary.read(Self.version1Row))
        #expect((old.version, old.distance, old.elapsedSeconds, old.movingSeconds, old.bestEfforts) == (1, 5210, 1830, 1794, Self.bests))
        #expect(old.isCurrent == false, "a version 1 row is stored again in today's shape")
        let older = try #require(StoredRunSummary.read(Self.version1RowWithoutBests))
        #expect(older.bestEfforts == nil && !older.isCurrent)
        let current = try #require(StoredRunSummary.read(Self.version2Row))
        #expect((current.version, current.distance, current.bestEfforts) == (2, 5210, Self.bests) && current.isCurrent)

        var summary = RunSummary()
        summary.elapsedSeconds = 1830
        summary.movingSeconds = 1794
        summary.distance = 5210
        summary.averagePace = 344.3
        summary.bestEfforts = Self.bests
        #expect(try StoredRunSummary(summary).json() == Self.version2Row)
        #expect(StoredRunSummary.read(#"{"version":3,"distance":1,"elapsedSeconds":1,"movingSeconds":1}"#) == nil,
                "a row from a newer version is not misread (the run is summarised again)")
        #expect(StoredRunSummary.read("not json") == nil)
    }

    /// Finished runs whose stored rows are version 1: progress summarises each again once (from its samples), and the
    /// row is version 2 from then on, read as it is.
    @Test func anOldRowIsSummarisedAgainOnceAndStoredInTodaysShape() async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("stored-summary"), displayName: "Runner", createdAt: Date()), passwordHash: "x")
            let store = SQLRunStore(database: database)
            let clock = TestClock()
            let runs = TempoRuns(store: store, plans: SQLTempoStore(database: database), clock: clock)
            let t0 = clock.now().millisecondsSince1970 - 86_400_000
            func finishedRun(_ summaryJSON: String) async throws -> UUID {
                let id = UUID()
                var record = RunRecord(id: id, name: "Old run", activity: "running", source: "recorded", status: .recording, startedAt: t0)
                _ = try await store.createRun(record, accountID: accountID, at: clock.now())
                // 1.2 km north at 3 m/s, a sample a second: a best 1 km.
                let samples = (0...400).map { second in
                    RunSample(time: t0 + Int64(second) * 1000, latitude: 48.85 + Double(second) * 3 / 111_195, longitude: 2.35)
                }
                _ = try await store.addSamples(samples, runID: id, accountID: accountID, at: clock.now())
                record.status = .finished
                record.endedAt = t0 + 400_000
                record.summaryJSON = summaryJSON
                try await store.saveRun(record, accountID: accountID, at: clock.now())
                return id
            }
            let withoutBests = try await finishedRun(Self.version1RowWithoutBests)
            let withBests = try await finishedRun(Self.version1Row)

            let progress = try await runs.progress(accountID: accountID, weeks: 4)
            let stored = try #require(try await store.run(id: withoutBests, accountID: accountID)?.summaryJSON)
            let migrated = try #require(StoredRunSummary.read(stored))
            #expect(migrated.version == 2 && migrated.isCurrent, "stored again as version 2: \(stored)")
            #expect(try #require(migrated.bestEfforts?.first).metres == 1000, "summarised from the samples: \(stored)")
            // Both runs have the same samples: the best kilometre is one of theirs (a tie, either may hold it).
            #expect(progress.bests.contains { [withoutBests, withBests].contains($0.runId) && $0.metres == 1000 }, "\(progress.bests)")
            // A version 1 row with best efforts is brought forward too: every row read is in today's shape after.
            let other = try #require(try await store.run(id: withBests, accountID: accountID)?.summaryJSON)
            #expect(StoredRunSummary.read(other)?.version == 2, "\(other)")
            // Once current, a row is read, not summarised again.
            try await database.sql.raw("UPDATE tempo_runs SET summary = \(bind: Self.version2Row) WHERE id = \(bind: withBests.uuidString)").run()
            let again = try await runs.progress(accountID: accountID, weeks: 4)
            #expect(again.bests.contains { $0.runId == withBests && $0.metres == 5000 && $0.seconds == 1702 }, "\(again.bests)")
            #expect(try await store.run(id: withBests, accountID: accountID)?.summaryJSON == Self.version2Row)
        }
    }
}

import CadenceCore
import Foundation
import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct RunProgressTests {
    /// Friday 2027-01-15 08:00 UTC.
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// Sunday 2027-01-10 23:30 UTC: Monday 00:30 in Madrid, still Sunday in New York.
    let lateSunday = Int64(1_799_623_800) * 1000

    func run(at startedAt: Int64) -> RunProgress.Run {
        RunProgress.Run(id: UUID(), startedAt: startedAt, distance: 5000, movingSeconds: 1500, bestEfforts: [])
    }

    @Test func weeksStartOnMondayInTheRunnersZone() throws {
        let runs = [run(at: lateSunday)]
        let utc = RunProgress(runs: runs, weeks: 2, now: now)
        #expect(utc.weeks.map(\.start) == ["2027-01-04", "2027-01-11"])
        #expect(utc.weeks.map(\.runs) == [1, 0])
        #expect(utc.timeZone == "UTC")

        let madrid = RunProgress(runs: runs, weeks: 2, now: now, timeZone: try #require(TimeZone(identifier: "Europe/Madrid")))
        #expect(madrid.weeks.map(\.start) == ["2027-01-04", "2027-01-11"])
        #expect(madrid.weeks.map(\.runs) == [0, 1], "Monday 00:30 in Madrid is this week")
        #expect(madrid.weeks.last?.pace == 300)

        let newYork = RunProgress(runs: runs, weeks: 2, now: now, timeZone: try #require(TimeZone(identifier: "America/New_York")))
        #expect(newYork.weeks.map(\.runs) == [1, 0])
    }

    @Test func anOffsetWorksWhereTheBrowserKnowsNoName() throws {
        let zone = try #require(TimeZoneName.parse("+05:30"))
        let progress = RunProgress(runs: [run(at: lateSunday)], weeks: 2, now: now, timeZone: zone)
        #expect(progress.weeks.map(\.runs) == [0, 1])
        #expect(TimeZoneName.parse("+15") == nil)
        #expect(TimeZoneName.parse("Nowhere/Else") == nil)
    }
}

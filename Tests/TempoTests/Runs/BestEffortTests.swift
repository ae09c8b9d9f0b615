import Foundation
import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct BestEffortTests {
    /// 12 km: the first 6 km at 5:00 /km, then 6 km at 4:00 /km, one sample every 100 m. The fastest kilometre and
    /// 5 km are in the second half; the fastest 10 km takes all 6 fast km and 4 of the slow ones.
    @Test func theFastestStretchOfEachDistance() {
        let distance = (0...120).map { Double($0) * 100 }
        var moving = [0.0]
        for k in 1...120 { moving.append(moving[k - 1] + (k <= 60 ? 30 : 24)) }
        let efforts = BestEffort.efforts(distance: distance, moving: moving)
        #expect(efforts.map(\.metres) == [1000, 5000, 10_000])
        #expect(abs(efforts[0].seconds - 240) < 1e-9)
        #expect(abs(efforts[1].seconds - 1200) < 1e-9)
        #expect(abs(efforts[2].seconds - (6 * 240 + 4 * 300)) < 1e-9)
    }

    @Test func aDistanceNotCoveredHasNoBestAndBoundariesAreInterpolated() {
        // 1.5 km at 4:00 /km with samples every 300 m: the kilometre ends between samples.
        let distance = [0.0, 300, 600, 900, 1200, 1500], moving = distance.map { $0 * 0.24 }
        let efforts = BestEffort.efforts(distance: distance, moving: moving)
        #expect(efforts.count == 1 && abs(efforts[0].seconds - 240) < 1e-9)
    }

    @Test func weeksStartOnMondayAndSimulatedRunsAreTheCallersToLeaveOut() throws {
        // Thursday 2027-01-14 12:00 UTC; a run on Monday the 11th and one on Sunday the 10th (the week before).
        let now = Date(timeIntervalSince1970: 1_800_000_000 - 86_400)
        let monday = Int64((1_800_000_000 - 4 * 86_400 + 3600) * 1000), sunday = monday - 86_400_000
        let progress = RunProgress(runs: [
            .init(id: UUID(), startedAt: monday, distance: 5000, movingSeconds: 1500, bestEfforts: [BestEffort(metres: 1000, seconds: 290)]),
            .init(id: UUID(), startedAt: sunday, distance: 3000, movingSeconds: 900, bestEfforts: [BestEffort(metres: 1000, seconds: 280)]),
        ], weeks: 2, now: now)
        #expect(progress.weeks.map(\.runs) == [1, 1])
        #expect(progress.weeks.last?.distance == 5000 && progress.weeks.last?.pace == 300)
        #expect(progress.bests.first?.seconds == 280)
    }
}

import Geo
import CadenceCore
import Foundation
import Testing
@testable import Spots

@Suite(.timeLimit(.minutes(5))) struct FenceRulesTests {
    private let center = try! Coordinate(latitude: 54.439609898030355, longitude: -5.68793296814)   // seed table 4.1, "Get Milk"
    private let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    private func fence(_ trigger: FenceTrigger = .arrive, radius: Double = 150) -> Fence {
        try! Fence(id: UUID(), center: center, radius: radius, trigger: trigger)
    }

    /// A report `distance` metres east of the centre, `seconds` after t0.
    private func report(_ distance: Double, accuracy: Double = 20, at seconds: Double) -> LocationReport {
        let p = Geo.destination(from: center, bearingDegrees: 90, distance: distance)
        return try! LocationReport(coordinate: p, accuracy: accuracy, at: t0.addingTimeInterval(seconds))
    }

    /// Feeds (distance, accuracy) reports one second apart; returns every decision.
    private func run(_ fence: Fence, _ steps: [(Double, Double)], from state: FenceState = .initial)
        -> (state: FenceState, decisions: [FenceDecision])
    {
        var state = state
        var decisions: [FenceDecision] = []
        for (i, step) in steps.enumerated() {
            let r = FenceRules.evaluate(report(step.0, accuracy: step.1, at: Double(i + 1)), fence: fence, state: state)
            state = r.state
            decisions.append(r.decision)
        }
        return (state, decisions)
    }

    @Test func jitterAtTheEdgeNeverFiresTwice() {
        // ±10 m around the 150 m edge with 20 m accuracy: every report straddles the edge.
        let jitter = (0..<40).map { i in (i % 2 == 0 ? 160.0 : 140.0, 20.0) }
        let fromOutside = run(fence(), [(1_000, 20)] + jitter)
        #expect(fromOutside.decisions.filter(\.fired).isEmpty)
        #expect(fromOutside.decisions.dropFirst().allSatisfy { $0.outcome == .uncertain })

        let fromInside = run(fence(), [(50, 20)] + jitter)
        #expect(fromInside.decisions.filter(\.fired).count == 1)
        #expect(fromInside.state.position == .inside)

        // Real jitter a bit further out, still straddling for a .leave fence too.
        let leave = run(fence(.leave), [(50, 20)] + jitter)
        #expect(leave.decisions.filter(\.fired).isEmpty)
    }

    @Test func coarseAccuracyDecidesNothing() {
        let (state, decisions) = run(fence(), [(100, 500)])
        #expect(decisions[0].outcome == .uncertain)
        #expect(!decisions[0].fired)
        #expect(state.position == .unknown)
        #expect(decisions[0].reason == "Accuracy 500 m is too coarse to tell whether you were inside the 150 m circle: no alert.")
        // Even at the very centre.
        #expect(run(fence(), [(0, 500)]).decisions[0].outcome == .uncertain)
    }

    @Test func enterFiresOnceStayingInsideDoesNotRepeat() {
        let (state, d) = run(fence(), [(1_000, 20), (50, 20), (30, 10), (0, 5), (60, 40), (100, 30)])
        #expect(d.map(\.outcome) == [.stillOutside, .entered, .stillInside, .stillInside, .stillInside, .stillInside])
        #expect(d.map(\.fired) == [false, true, false, false, false, false])
        #expect(d[1].reason == "You were 100 m inside the 150 m circle, accuracy 20 m: arrived — alert sent.")
        #expect(d[2].reason.contains("already alerted"))
        #expect(abs(d[1].distance - 50) < 0.01 && d[1].accuracy == 20)
        #expect(state == FenceState(position: .inside, alerted: true, lastReportAt: t0.addingTimeInterval(6)))
    }

    @Test func leavingReArmsAndReEnteringFiresAgain() {
        let (_, d) = run(fence(), [(50, 20), (400, 20), (2_000, 50), (50, 20), (400, 20), (20, 10)])
        #expect(d.map(\.outcome) == [.entered, .left, .stillOutside, .entered, .left, .entered])
        #expect(d.map(\.fired) == [true, false, false, true, false, true])
        #expect(d[1].reason == "You were 250 m outside the 150 m circle, accuracy 20 m: left — no alert; the arrival alert is armed again.")
    }

    @Test func hysteresisNeedsTheWholeAccuracyCircleOutsideToLeave() {
        // 160 m with 20 m accuracy straddles; 200 m with 20 m is wholly outside.
        let (_, d) = run(fence(), [(50, 20), (160, 20), (140, 20), (200, 20)])
        #expect(d.map(\.outcome) == [.entered, .uncertain, .uncertain, .left])
        #expect(d[1].reason == "You were 10 m outside the 150 m circle, accuracy 20 m, too close to the edge to tell whether you were inside: no change, no alert.")
        // And the whole circle inside to enter: 135 m + 20 m > 150 m.
        let (_, e) = run(fence(), [(1_000, 20), (135, 20), (125, 20)])
        #expect(e.map(\.outcome) == [.stillOutside, .uncertain, .entered])
    }

    @Test func leaveFenceFiresOnExitOnly() {
        let (_, d) = run(fence(.leave), [(1_000, 20), (50, 20), (40, 20), (400, 20), (800, 20), (50, 20), (500, 20)])
        #expect(d.map(\.outcome) == [.stillOutside, .entered, .stillInside, .left, .stillOutside, .entered, .left])
        #expect(d.map(\.fired) == [false, false, false, true, false, false, true])
        #expect(d[0].reason.contains("not seen inside before"))
        #expect(d[1].reason.contains("goes off when you leave"))
        #expect(d[3].reason == "You were 250 m outside the 150 m circle, accuracy 20 m: left — alert sent.")
    }

    @Test func firstDecisiveReportInsideFiresForArriveOnly() {
        // Documented rule (seed 4.5.1): within the radius and not yet alerted → alert.
        let arrive = run(fence(.arrive), [(10, 10)])
        #expect(arrive.decisions[0].outcome == .entered && arrive.decisions[0].fired)
        let leave = run(fence(.leave), [(10, 10), (300, 10)])
        #expect(leave.decisions.map(\.fired) == [false, true])
    }

    @Test func outOfOrderAndDuplicateReportsAreIgnored() {
        let f = fence()
        var state = FenceState.initial
        state = FenceRules.evaluate(report(1_000, at: 100), fence: f, state: state).state
        let before = state

        let old = FenceRules.evaluate(report(20, at: 50), fence: f, state: state)
        #expect(old.decision.outcome == .stale)
        #expect(!old.decision.fired)
        #expect(old.state == before)
        #expect(old.decision.reason.contains("older than the last one used"))
        #expect(old.decision.reason.contains("out of order"))
        #expect(old.decision.reason.contains("2023-11-14T22:14:10Z"))

        let same = FenceRules.evaluate(report(20, at: 100), fence: f, state: state)
        #expect(same.decision.outcome == .duplicate)
        #expect(!same.decision.fired)
        #expect(same.state == before)
        #expect(same.decision.reason.contains("duplicate"))

        let newer = FenceRules.evaluate(report(20, at: 101), fence: f, state: state)
        #expect(newer.decision.outcome == .entered && newer.decision.fired)
    }

    @Test func uncertainReportsAdvanceTheClockButKeepThePosition() {
        let (state, _) = run(fence(), [(50, 20), (150, 500)])
        #expect(state.position == .inside && state.alerted)
        #expect(state.lastReportAt == t0.addingTimeInterval(2))
    }

    @Test func largeFencesSpeakInKilometres() {
        let (_, d) = run(fence(radius: 5_000), [(1_000, 65)])
        #expect(d[0].reason == "You were 4 km inside the 5 km circle, accuracy 65 m: arrived — alert sent.")
    }

    @Test func fenceAndReportValidationNameTheField() {
        for bad in [49.9, 50_000.1, 0, -150, .nan, .infinity] {
            #expect(throws: ValidationError(field: "radius", "The radius is from 50 m to 50 km.", key: "spots.error.radius_range")) {
                try Fence(id: UUID(), center: center, radius: bad)
            }
        }
        #expect((try? Fence(id: UUID(), center: center, radius: 50)) != nil)
        #expect((try? Fence(id: UUID(), center: center, radius: 50_000)) != nil)
        let f = try! Fence(id: UUID(), center: center)
        #expect(f.radius == 150 && f.trigger == .arrive)

        for bad in [0.0, -5, .nan, .infinity, 100_001] {
            do {
                _ = try LocationReport(coordinate: center, accuracy: bad, at: t0)
                Issue.record("accepted accuracy \(bad)")
            } catch {
                #expect(error.field == "accuracy")
                #expect(error.message.contains("100 km"))
            }
        }
    }

    @Test func fenceCodableRoundTripsAndValidates() throws {
        let f = try Fence(id: UUID(), center: center, radius: 300, trigger: .leave)
        let data = try JSONEncoder().encode(f)
        #expect(try JSONDecoder().decode(Fence.self, from: data) == f)
        let bad = #"{"id":"\#(UUID().uuidString)","center":{"latitude":1,"longitude":2},"radius":10}"#
        #expect(throws: ValidationError(field: "radius", "The radius is from 50 m to 50 km.", key: "spots.error.radius_range")) {
            try JSONDecoder().decode(Fence.self, from: Data(bad.utf8))
        }
        let state = FenceState(position: .inside, alerted: true, lastReportAt: t0)
        #expect(try JSONDecoder().decode(FenceState.self, from: JSONEncoder().encode(state)) == state)
    }
}

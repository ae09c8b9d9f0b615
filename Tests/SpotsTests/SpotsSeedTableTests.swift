import Geo
import Foundation
import Testing
@testable import Spots

/// Rows of seed 004's requirement/test tables that concern places (1.2, 3.3, 4.5.1, table 4.1).
@Suite(.timeLimit(.minutes(5))) struct SpotsSeedTableTests {
    // Table 4.1: the two example reminders with a place.
    private let getMilk = try! Coordinate(latitude: 54.439609898030355, longitude: -5.68793296814)
    private let postLetter = try! Coordinate(latitude: 54.422254257445374, longitude: -5.69278240203)
    private let t0 = Date(timeIntervalSince1970: 1_392_163_200)   // 12/02/14, the table's date

    /// 1.2 "Deliver a reminder to the user when they are within a certain radius of a
    /// location"; 3.3 "Once a reminder is triggered by … location the user is alerted".
    @Test func arrivingAtOneStoredPlaceAlertsForThatReminderOnly() throws {
        let milk = try Fence(id: UUID(), center: getMilk)
        let letter = try Fence(id: UUID(), center: postLetter)
        let index = FenceIndex([milk, letter])
        let here = try LocationReport(coordinate: Geo.destination(from: getMilk, bearingDegrees: 200, distance: 40),
                                      accuracy: 15, at: t0)
        let near = index.containing(here.coordinate, margin: here.accuracy)
        #expect(near.map(\.id) == [milk.id])
        let fired = [milk, letter].filter {
            FenceRules.evaluate(here, fence: $0, state: .initial).decision.fired
        }
        #expect(fired.map(\.id) == [milk.id])
    }

    /// 4.5.1 "Once it is sent then this alerted value is changed to true so that they
    /// don't continually get alerted … Once they leave the radius … it is set back to false."
    @Test func alertedFlagPreventsRepeatsAndResetsOnLeaving() throws {
        let fence = try Fence(id: UUID(), center: getMilk)
        var state = FenceState.initial
        #expect(state.alerted == false)   // table 4.1: Alerted = false for new rows
        var fired: [Bool] = []
        var alerted: [Bool] = []
        // Arrive, linger (the app checks on every position update), walk to the post box, come back.
        let path: [(Coordinate, Double)] = [
            (getMilk, 10), (getMilk, 10), (Geo.destination(from: getMilk, bearingDegrees: 0, distance: 60), 15),
            (postLetter, 10), (getMilk, 10),
        ]
        for (i, step) in path.enumerated() {
            let report = try LocationReport(coordinate: step.0, accuracy: step.1, at: t0.addingTimeInterval(Double(i) * 60))
            let result = FenceRules.evaluate(report, fence: fence, state: state)
            state = result.state
            fired.append(result.decision.fired)
            alerted.append(state.alerted)
        }
        #expect(fired == [true, false, false, false, true])
        #expect(alerted == [true, true, true, false, true])
    }

    /// 2.1.3: the place comes from a selection on a map, never typed; whatever the map
    /// sends must still be a real coordinate (server-side check).
    @Test func aPlaceMustBeARealCoordinate() {
        #expect((try? Coordinate(latitude: 54.4396, longitude: -5.6879)) != nil)
        #expect((try? Coordinate(latitude: 154.4396, longitude: -5.6879)) == nil)
        #expect((try? Coordinate(latitude: 54.4396, longitude: -185.6879)) == nil)
    }
}

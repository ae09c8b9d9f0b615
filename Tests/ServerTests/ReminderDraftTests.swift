import CadenceCore
import Foundation
import Spots
import SpotsService
import Testing

/// The rule an edit follows wherever it comes from (the API's JSON, the phone's form): `ReminderDraft.reminder`.
@Suite(.timeLimit(.minutes(5))) struct ReminderDraftTests {
    let gate = ReminderDraft.PlaceDraft(name: "Brandenburg Gate", latitude: 52.516275, longitude: 13.377704, radius: 150)
    let monday = ISO8601DateFormatter().date(from: "2027-01-18T06:30:00Z")!
    let wednesday = ISO8601DateFormatter().date(from: "2027-01-20T06:30:00Z")!

    @Test func anEditKeepsThePlacesFenceAndTheRepeat() throws {
        let made = try ReminderDraft(title: "Gym", due: monday, place: gate, repeatRule: "FREQ=WEEKLY;BYDAY=MO,WE",
                                     timeZone: "Europe/Amsterdam").reminder(id: UUID(), browserZone: nil)
        var moved = gate
        moved.radius = 300
        let edited = try ReminderDraft(title: "Gym, early", due: monday, place: moved).reminder(id: made.id, keeping: made, browserZone: nil)
        #expect(edited.place?.fence.id == made.place?.fence.id)  // the same fence: where it was inside stays known
        #expect(edited.place?.fence.radius == 300)
        #expect(edited.repeatRule?.text == "FREQ=WEEKLY;BYDAY=MO,WE")  // no repeatRule in the draft: kept
        let ended = try ReminderDraft(title: "Gym", due: monday, repeatRule: .some(nil)).reminder(id: made.id, keeping: made, browserZone: nil)
        #expect(ended.repeatRule == nil)
    }

    @Test func aSeriesWhoseDueTimeMovedCountsFromTheNewTime() throws {
        let made = try ReminderDraft(title: "Gym", due: monday, repeatRule: "FREQ=WEEKLY;BYDAY=MO,WE", timeZone: "Europe/Amsterdam")
            .reminder(id: UUID(), browserZone: nil)
        let moved = try ReminderDraft(title: "Gym", due: wednesday).reminder(id: made.id, keeping: made, browserZone: nil)
        #expect(moved.due == wednesday)
        #expect(moved.repeatSchedule?.zone == "Europe/Amsterdam")
        #expect(moved.repeatRule?.text == "FREQ=WEEKLY;BYDAY=MO,WE")
    }

    @Test func refusalsNameTheFieldAsTheAPIHasIt() {
        var leaving = gate
        leaving.trigger = "wander"
        do {
            _ = try ReminderDraft(title: "Gym", place: leaving).reminder(id: UUID(), browserZone: nil)
            Issue.record("a trigger that is neither arrive nor leave was taken")
        } catch let error as ValidationError { #expect(error.field == "place.trigger") } catch { Issue.record("\(error)") }
        do {
            _ = try ReminderDraft(title: "Gym", due: monday, repeatRule: "FREQ=NEVER").reminder(id: UUID(), browserZone: nil)
            Issue.record("a rule that is no rule was taken")
        } catch let error as ValidationError { #expect(error.field == "repeatRule") } catch { Issue.record("\(error)") }
    }
}

import CadenceCore
import Foundation
import Testing

@testable import Spots

func berlinPlace(_ name: String = "Alexanderplatz", trigger: FenceTrigger = .arrive, radius: Double = 150) throws -> Place {
    try Place(
        name: name,
        fence: Fence(id: UUID(), center: Coordinate(latitude: 52.521918, longitude: 13.413215), radius: radius, trigger: trigger))
}

func expectValidation(field: String, message: String? = nil, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected a ValidationError on \(field)")
    } catch let error as ValidationError {
        #expect(error.field == field)
        if let message { #expect(error.message == message) }
    } catch {
        Issue.record("unexpected error \(error)")
    }
}

@Suite("Reminders (R1; seed 004 tables 2 and 3)", .timeLimit(.minutes(5)))
struct ReminderTests {
    let nine = Date(timeIntervalSince1970: 1_709_625_600)

    @Test("2.1.1 The title is required")
    func titleRequired() {
        expectValidation(field: "title", message: "Give the reminder a title.") { _ = try Reminder(title: "   ", due: nine) }
    }

    @Test("2.1.1 The title is trimmed and at most 200 characters")
    func titleBounds() throws {
        #expect(try Reminder(title: "  Buy milk \n", due: nine).title == "Buy milk")
        #expect(try Reminder(title: String(repeating: "a", count: 200), due: nine).title.count == 200)
        expectValidation(field: "title", message: "A reminder title has at most 200 characters.") {
            _ = try Reminder(title: String(repeating: "a", count: 201), due: nine)
        }
    }

    @Test("2.1.2 A reminder with just a time (black-box test 3)")
    func timeOnly() throws {
        let reminder = try Reminder(title: "Call mum", due: nine)
        #expect(reminder.due == nine && reminder.place == nil)
    }

    @Test("2.1.3 A reminder with just a place (black-box test 4)")
    func placeOnly() throws {
        let reminder = try Reminder(title: "Buy milk", place: berlinPlace())
        #expect(reminder.place?.name == "Alexanderplatz" && reminder.due == nil)
    }

    @Test("R7 A reminder may have neither a time nor a place: a plain to-do, which never alerts")
    func plainToDo() throws {
        let todo = try Reminder(title: "Buy milk")
        #expect(todo.isPlainToDo)
        #expect(DueRules.alerts([todo], now: .distantFuture).isEmpty)
        #expect(try Reminder(title: "Call mum", due: nine).isPlainToDo == false)
        let both = try Reminder(title: "Buy milk", due: nine, place: berlinPlace())
        #expect(both.due != nil && both.place != nil)
    }

    @Test("Notes are at most 10,000 characters")
    func notesBound() {
        expectValidation(field: "notes") { _ = try Reminder(title: "x", notes: String(repeating: "n", count: 10_001), due: nine) }
    }

    @Test("A place needs a name of at most 120 characters")
    func placeName() throws {
        expectValidation(field: "place.name", message: "Give the place a name.") { _ = try berlinPlace(" ") }
        expectValidation(field: "place.name") { _ = try berlinPlace(String(repeating: "p", count: 121)) }
    }

    @Test("2.2 Editing keeps the same reminder (same id), and an edit is checked again")
    func edit() throws {
        var reminder = try Reminder(title: "Buy milk", due: nine)
        let id = reminder.id
        reminder.title = "  Buy oat milk "
        reminder.place = try berlinPlace()
        reminder.due = nil
        let saved = try reminder.validated()
        #expect(saved.id == id && saved.title == "Buy oat milk")
        reminder.title = " "
        expectValidation(field: "title") { _ = try reminder.validated() }
        // Taking away both time and place leaves a plain to-do (R7).
        reminder.title = "Buy milk"
        reminder.place = nil
        #expect(try reminder.validated().isPlainToDo)
    }

    @Test("A reminder copied under another id (an import another account holds) keeps its UID for the export")
    func withID() throws {
        let original = try Reminder(title: "Buy milk", due: nine)
        let other = UUID()
        let copy = original.withID(other)
        #expect(copy.id == other && copy.title == original.title && copy.due == original.due)
        #expect(copy.preserved.uid == original.id.uuidString)
        #expect(ICalendar.export([copy], now: nine).contains("UID:\(original.id.uuidString)\r\n"))
        #expect(copy.withID(UUID()).preserved.uid == original.id.uuidString)
    }

    @Test("3.1 Checking off completes the reminder")
    func complete() throws {
        var reminder = try Reminder(title: "Buy milk", due: nine)
        #expect(!reminder.isComplete)
        reminder.completedAt = nine.addingTimeInterval(60)
        #expect(reminder.isComplete)
    }

    @Test("A reminder survives JSON encoding unchanged, preserved calendar data included")
    func codable() throws {
        let imported = try ICalendar.parse(ICSFixture.apple, defaultTimeZone: TimeZone(identifier: "UTC")!, now: nine).reminders
        let data = try JSONEncoder().encode(imported)
        #expect(try JSONDecoder().decode([Reminder].self, from: data) == imported)
    }
}

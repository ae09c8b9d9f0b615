import Foundation
import Testing

@testable import Spots

func utcDate(_ text: String) -> Date {
    let value = ICalDateValue.parse(text)!
    return Date(timeIntervalSince1970: TimeInterval(value.wallSeconds))
}

@Suite("iCalendar import: Apple Reminders, Thunderbird, Nextcloud Tasks, RFC 9074", .timeLimit(.minutes(5)))
struct ICalendarImportTests {
    @Test("Apple Reminders: arrive/leave places from X-APPLE-STRUCTURED-LOCATION, Berlin time, all-day, completed")
    func apple() throws {
        let result = try importICS(ICSFixture.apple, zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(result.warnings.isEmpty)
        let milk = result.reminders[0], recycling = result.reminders[1], dentist = result.reminders[2]

        #expect(milk.id == UUID(uuidString: "5F1E6C2B-8B83-4A1F-9C56-2D1D1C1B7A10"))
        #expect(milk.preserved.uid == nil)
        #expect(milk.title == "Buy milk")
        #expect(milk.due == utcDate("20240305T080000Z"))  // 09:00 CET
        let supermarket = try #require(milk.place)
        #expect(supermarket.name == "Supermarket")
        #expect(supermarket.fence.center == (try Coordinate(latitude: 52.521918, longitude: 13.413215)))
        #expect(supermarket.fence.radius == 100 && supermarket.fence.trigger == .arrive)
        #expect(milk.preserved.timeZones.keys.sorted() == ["Europe/Berlin"])  // DTSTART;TZID= is preserved
        #expect(milk.preserved.items.contains(.line("X-APPLE-SORT-ORDER:731146522")))

        // All-day: 09:00 in the default zone; radius below 50 m clamped; quoted X-TITLE with a comma.
        #expect(recycling.due == utcDate("20240310T080000Z"))
        #expect(recycling.preserved.allDayDue?.date == "20240310")
        let home = try #require(recycling.place)
        #expect(home.name == "Home, sweet home" && home.fence.trigger == .leave && home.fence.radius == 50)
        #expect(recycling.preserved.items.filter { if case .component = $0 { true } else { false } }.count == 1)  // the time alarm

        #expect(dentist.isComplete && dentist.completedAt == utcDate("20240302T101010Z"))
        #expect(dentist.place == nil && dentist.due == utcDate("20240302T090000Z"))
    }

    @Test("Thunderbird: TZID in summer time, X-MOZ-* kept, long folded DESCRIPTION unfolded and unescaped")
    func thunderbird() throws {
        let reminder = try #require(try importICS(ICSFixture.thunderbird).reminders.first)
        #expect(reminder.title == "Call the landlord, about heating")
        #expect(reminder.notes == ICSFixture.thunderbirdDescription)
        #expect(reminder.due == utcDate("20240704T143000Z"))  // 16:30 CEST
        #expect(reminder.id == UUID(uuidString: "3B3C1F6E-6A4E-4B8E-9A76-0F2C8D9E1A22"))
        #expect(reminder.preserved.uid == "3b3c1f6e-6a4e-4b8e-9a76-0f2c8d9e1a22")  // written back as it was
        #expect(reminder.preserved.items.contains(.line("X-MOZ-GENERATION:3")))
        #expect(reminder.place == nil && !reminder.isComplete)
    }

    @Test("Nextcloud Tasks: floating DUE in the default zone, non-UUID UIDs get stable ids, a task without time or place is kept")
    func nextcloud() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let result = try importICS(ICSFixture.nextcloud, zone: berlin)
        #expect(result.reminders.map(\.title) == ["Water the plants", "Garden", "Pay electricity bill"])
        let plants = result.reminders[0]
        #expect(plants.due == utcDate("20240306T170000Z"))  // floating 18:00 read in Berlin (CET)
        #expect(plants.id == ICalendar.reminderID(forUID: "nextcloud-1709290000123@cloud.example.org"))
        #expect(plants.preserved.uid == "nextcloud-1709290000123@cloud.example.org")
        #expect(plants.preserved.status == "IN-PROCESS")
        #expect(plants.preserved.items.contains(.line("CATEGORIES:Home,Garden")))
        #expect(plants.preserved.items.contains(.line("RELATED-TO;RELTYPE=PARENT:nextcloud-1709289999000@cloud.example.org")))
        #expect(result.reminders[1].isPlainToDo && !result.reminders[1].isComplete)
        #expect(result.reminders[2].due == utcDate("20240315T080000Z"))
        #expect(result.warnings.isEmpty)
        // Importing the same file again gives the same ids: an update, not a duplicate.
        #expect(try importICS(ICSFixture.nextcloud, zone: berlin).reminders.map(\.id) == result.reminders.map(\.id))
    }

    @Test("RFC 9074: PROXIMITY:DEPART with a VLOCATION geo: URL becomes a leave place")
    func rfc9074() throws {
        let reminder = try #require(try importICS(ICSFixture.rfc9074).reminders.first)
        let place = try #require(reminder.place)
        #expect(place.name == "Office" && place.fence.trigger == .leave)
        #expect(place.fence.center == (try Coordinate(latitude: 40.443, longitude: -79.945)))
        #expect(place.fence.radius == 50)  // u=10 clamped into 50…50,000 m
        #expect(reminder.due == nil)
    }

    @Test("Missing SUMMARY gives 'Untitled reminder'; a VLOCATION GEO works too; a CONNECT alarm is kept, not a place")
    func variants() throws {
        let reminder = try #require(try importICS(todoCalendar([
            "UID:v@x",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:CONNECT", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:ARRIVE",
            "BEGIN:VLOCATION", "UID:l", "GEO:48.8584;2.2945", "END:VLOCATION", "END:VALARM",
        ])).reminders.first)
        #expect(reminder.title == "Untitled reminder")
        #expect(reminder.place?.name == ICalendar.unnamedPlace && reminder.place?.fence.radius == Fence.defaultRadius)
        #expect(reminder.preserved.items.contains(.component([
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:CONNECT", "END:VALARM",
        ])))
    }

    @Test("VTODO-level GEO and LOCATION give a place when there is no proximity alarm")
    func geoProperty() throws {
        let reminder = try #require(try importICS(todoCalendar(["UID:g@x", "SUMMARY:Pick up parcel", "LOCATION:Post office\\, Main St", "GEO:52.5;13.4"])).reminders.first)
        #expect(reminder.place?.name == "Post office, Main St")
        #expect(reminder.place?.fence.center == (try Coordinate(latitude: 52.5, longitude: 13.4)))
    }

    @Test("VTIMEZONE rules are used when the system does not know the TZID (Outlook names)")
    func vtimezoneFallback() throws {
        let zone = [
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
            "END:VTIMEZONE",
            "BEGIN:VTIMEZONE", "TZID:Custom US", "BEGIN:STANDARD", "DTSTART:20071104T020000", "TZOFFSETFROM:-0400",
            "TZOFFSETTO:-0500", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        func todo(_ uid: String, _ due: String) -> [String] {
            ["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:\(uid)", "DUE;TZID=\(due)", "END:VTODO"]
        }
        let text = ICSFixture.ics(zone
            + todo("winter", "W. Europe Standard Time:20240115T090000")
            + todo("summer", "W. Europe Standard Time:20240715T090000")
            + todo("before-switch", "W. Europe Standard Time:20240331T015959")
            + todo("after-switch", "W. Europe Standard Time:20240331T030000")
            + todo("us-march", "Custom US:20240309T120000")
            + todo("us-summer", "Custom US:20240310T120000")
            + todo("us-november-eve", "Custom US:20241102T120000")
            + todo("us-november", "Custom US:20241103T120000")
            + todo("us-winter", "Custom US:20241104T120000")
            + todo("mozilla", "/mozilla.org/20070129_1/Europe/Berlin:20240715T090000")
            + ["END:VCALENDAR"])
        let due = Dictionary(uniqueKeysWithValues: try importICS(text).reminders.map { ($0.title, $0.due!) })
        #expect(due["winter"] == utcDate("20240115T080000Z"))
        #expect(due["summer"] == utcDate("20240715T070000Z"))
        #expect(due["before-switch"] == utcDate("20240331T005959Z"))
        #expect(due["after-switch"] == utcDate("20240331T010000Z"))
        #expect(due["us-march"] == utcDate("20240309T170000Z"))
        #expect(due["us-summer"] == utcDate("20240310T160000Z"))
        #expect(due["us-november-eve"] == utcDate("20241102T160000Z"))
        #expect(due["us-november"] == utcDate("20241103T170000Z"))  // first Sunday of November: EST
        #expect(due["us-winter"] == utcDate("20241104T170000Z"))
        #expect(due["mozilla"] == utcDate("20240715T070000Z"))
    }

    @Test("Over-long SUMMARY is shortened on import, and the original goes back out on export")
    func overflow() throws {
        let long = String(repeating: "word ", count: 60).trimmingCharacters(in: .whitespaces)  // 299 characters
        let reminder = try #require(try importICS(todoCalendar(["UID:o@x", "SUMMARY:" + long, "DUE:20240305T090000Z"])).reminders.first)
        #expect(reminder.title.count <= 200 && reminder.title.hasSuffix("…"))
        let exported = ICalendar.export([reminder], now: importTime)
        #expect(try importICS(exported).reminders.first?.preserved.overflow["SUMMARY"] == long)
        #expect(exported.replacingOccurrences(of: "\r\n ", with: "").contains("SUMMARY:" + long + "\r\n"))
    }
}

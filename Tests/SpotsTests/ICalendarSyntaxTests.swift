import Foundation
import Testing

@testable import Spots

let icalUTC = TimeZone(identifier: "UTC")!
let importTime = Date(timeIntervalSince1970: 1_710_000_000)

func importICS(_ text: String, zone: TimeZone = icalUTC) throws(ICalendarError) -> ICalendarImport {
    try ICalendar.parse(text, defaultTimeZone: zone, now: importTime)
}

func expectError(_ text: String, line: Int, kind: ICalendarError.Kind, message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try importICS(text)
        Issue.record("expected an error on line \(line)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.line == line, sourceLocation: sourceLocation)
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.hasPrefix(line > 0 ? "Line \(line): " : ""), sourceLocation: sourceLocation)
        if let message { #expect(error.message == message, sourceLocation: sourceLocation) }
    }
}

/// A minimal calendar around VTODO lines.
func todoCalendar(_ todo: [String]) -> String {
    ICSFixture.ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO"] + todo + ["END:VTODO", "END:VCALENDAR"])
}

@Suite("iCalendar syntax: folding, escaping, parameters, errors", .timeLimit(.minutes(5)))
struct ICalendarSyntaxTests {
    @Test("Folding keeps lines within 75 octets and never splits a UTF-8 character")
    func foldMultibyte() throws {
        let title = String(repeating: "Grüße 👋🏽 日本語 ", count: 12)
        let reminder = try Reminder(title: title, due: importTime)
        let text = ICalendar.export([reminder], now: importTime)
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.contains("\u{FFFD}"))
        #expect(physical.filter { $0.hasPrefix(" ") }.count >= 3)
        // Every physical line is valid UTF-8 on its own: no sequence crosses a fold.
        for line in physical { #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil) }
        #expect(try importICS(text).reminders.first?.title == title.trimmingCharacters(in: .whitespaces))
    }

    @Test("A 75-octet line is not folded; a 76-octet line is")
    func foldBoundary() {
        let exact = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(ICalText.fold(exact) == exact)
        #expect(ICalText.fold(exact + "y") == exact + "\r\n y")
        let emoji = "SUMMARY:" + String(repeating: "x", count: 65) + "€"  // 73 + 3 octets
        #expect(ICalText.fold(emoji) == "SUMMARY:" + String(repeating: "x", count: 65) + "\r\n €")
    }

    @Test("TEXT escaping: comma, semicolon, backslash and new lines survive export and import")
    func escaping() throws {
        let notes = "Eggs, milk; bread\\butter\nSecond line\r\nThird"
        let reminder = try Reminder(title: "Shop; then, cook", notes: notes, due: importTime)
        let text = ICalendar.export([reminder], now: importTime)
        #expect(text.contains("SUMMARY:Shop\\; then\\, cook\r\n"))
        #expect(text.contains("DESCRIPTION:Eggs\\, milk\\; bread\\\\butter\\nSecond line\\nThird"))
        let back = try #require(try importICS(text).reminders.first)
        #expect(back.title == "Shop; then, cook")
        #expect(back.notes == "Eggs, milk; bread\\butter\nSecond line\nThird")
        #expect(ICalText.unescape("a\\Nb\\\\n\\;\\,") == "a\nb\\n;,")
    }

    @Test("Quoted parameter values may hold ':' ';' ','; names are case-insensitive")
    func parameters() throws {
        let line = try ICalSyntax.parseLine("x-apple-structured-location;value=URI;X-TITLE=\"A:B;C,D\";X-A=1,\"2,3\":geo:1,2", number: 4)
        #expect(line.name == "X-APPLE-STRUCTURED-LOCATION")
        #expect(line.parameter("X-TITLE") == "A:B;C,D")
        #expect(line.parameters.last?.values == ["1", "2,3"])
        #expect(line.value == "geo:1,2")
        #expect(ICalText.parameterValue("Home, sweet home") == "\"Home, sweet home\"")
        #expect(ICalText.parameterValue("Home") == "Home")
        let reminders = try importICS(ICSFixture.ics([
            "begin:vcalendar", "Version:2.0", "Begin:VTodo", "uid:lower-case@example.com", "Summary:Lower case",
            "due:20240305T090000Z", "End:VTodo", "END:vcalendar",
        ])).reminders
        #expect(reminders.map(\.title) == ["Lower case"])
    }

    @Test("Bare LF files, folded with tabs, parse like CRLF files")
    func bareLF() throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a@b\nSUMMARY:Fold\n\twith tab\nDUE:20240305T090000Z\nEND:VTODO\nEND:VCALENDAR"
        #expect(try importICS(text).reminders.first?.title == "Foldwith tab")
    }

    @Test("Several VCALENDARs in one stream, several VTODOs each")
    func severalCalendars() throws {
        let one = todoCalendar(["UID:1@x", "SUMMARY:One", "DUE:20240305T090000Z"])
        let two = ICSFixture.ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e@x", "END:VEVENT",
            "BEGIN:VTODO", "UID:2@x", "SUMMARY:Two", "DUE:20240305T090000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:3@x", "SUMMARY:Three", "DUE:20240305T090000Z", "END:VTODO", "END:VCALENDAR",
        ])
        #expect(try importICS(one + two).reminders.map(\.title) == ["One", "Two", "Three"])
    }

    @Test("A file without VTODOs is not an error: it gives no reminders")
    func noTodos() throws {
        let result = try importICS(ICSFixture.ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e", "END:VEVENT", "END:VCALENDAR"]))
        #expect(result.reminders.isEmpty && result.warnings.isEmpty)
    }

    @Test("Components nested 49,000 deep are refused at the 33rd level, not released until the stack overflows")
    func deepNesting() throws {
        let text = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: 49_000) + String(repeating: "END:X\r\n", count: 49_000)
            + "END:VCALENDAR\r\n"
        expectError(text, line: 33, kind: .malformedLine, message: "Line 33: BEGIN:X nests components deeper than 32 levels.")
        // Real files nest three deep, and an unknown component inside a task is kept.
        let alarm = todoCalendar(["UID:n@x", "SUMMARY:Nested", "BEGIN:VALARM", "BEGIN:X-INNER", "END:X-INNER", "END:VALARM"])
        #expect(try importICS(alarm).reminders.map(\.title) == ["Nested"])
    }

    @Test("Not an iCalendar file: the error says so on line 1")
    func notICalendar() {
        expectError("title,due\nBuy milk,2024-03-05\n", line: 1, kind: .notICalendar,
            message: "Line 1: The file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.")
        expectError("", line: 0, kind: .notICalendar)
        expectError(ICSFixture.ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "SUMMARY:stray"]), line: 3, kind: .notICalendar)
    }

    @Test("Unbalanced BEGIN/END names both lines")
    func unbalanced() {
        expectError(ICSFixture.ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:x", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VTODO", "END:VCALENDAR",
        ]), line: 7, kind: .unbalanced, message: "Line 7: END:VTODO does not match BEGIN:VALARM on line 5.")
        expectError(ICSFixture.ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:x", "SUMMARY:cut off"]),
            line: 3, kind: .unbalanced, message: "Line 3: BEGIN:VTODO has no matching END:VTODO; the file may be cut off.")
        expectError(ICSFixture.ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VCALENDAR"]), line: 3, kind: .unbalanced)
    }

    @Test("A line that is not a property is skipped with a warning naming it, counting folded lines; the task is kept")
    func notAProperty() throws {
        let result = try importICS(ICSFixture.ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "DESCRIPTION:a long", " folded text", "SUMMARY Buy milk",
            "PERCENT_COMPLETE:100", "X-TITLE;X-A=\"open:value", "SUMMARY:Buy milk", "END:VTODO", "END:VCALENDAR",
        ]))
        #expect(result.reminders.map(\.title) == ["Buy milk"])
        #expect(result.reminders[0].notes == "a longfolded text")
        #expect(result.warnings == [
            .init(line: 6, reason: "'SUMMARY Buy milk' has no ':' between the property name and its value. The line was skipped."),
            .init(line: 7, reason: "'PERCENT_COMPLETE:100' is not a property: a property name has only letters, digits and '-'. The line was skipped."),
            .init(line: 8, reason: "The quoted value of parameter X-A on X-TITLE is not closed with '\"'. The line was skipped."),
        ])
        // Skipped lines are not kept for the export either: another program would choke on them too.
        let exported = ICalendar.export(result.reminders, now: importTime)
        #expect(!exported.contains("PERCENT_COMPLETE") && !exported.contains("SUMMARY Buy milk") && !exported.contains("X-TITLE"))
    }

    @Test("An unreadable date is a warning; the task is kept without it (DUE, COMPLETED) or with the line as it was")
    func badDate() throws {
        let result = try importICS(ICSFixture.ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:x", "SUMMARY:Bad",
            "DUE:2024-13-01", "COMPLETED:yesterday", "END:VTODO", "END:VCALENDAR",
        ]))
        #expect(result.warnings == [
            .init(line: 7, reason: "DUE value '2024-13-01' is not a date. Write it like 20240305T090000Z. The line was skipped."),
            .init(line: 8, reason: "COMPLETED value 'yesterday' is not a date. Write it like 20240305T090000Z. The line was skipped."),
        ])
        let task = try #require(result.reminders.first)
        #expect(task.title == "Bad" && task.due == nil && !task.isComplete)
        let allDay = try importICS(todoCalendar(["UID:x", "DUE;VALUE=DATE:20240230"]))
        #expect(allDay.warnings.map(\.reason) == ["DUE value '20240230' is not a date. Write it like 20240305. The line was skipped."])
        #expect(allDay.reminders.count == 1)
        #expect(try importICS(todoCalendar(["UID:x", "DUE:20240305T250000Z"])).warnings.map(\.line) == [6])
    }

    @Test("An unknown TZID and an unreadable position are warnings with their line; the task is kept")
    func badZoneAndPosition() throws {
        let zone = try importICS(todoCalendar(["UID:x", "DUE;TZID=Mars/Olympus_Mons:20240305T090000"]))
        #expect(zone.warnings == [.init(line: 6, reason:
            "DUE uses time zone 'Mars/Olympus_Mons', which the file does not define (no VTIMEZONE with that TZID). The line was skipped.")])
        #expect(zone.reminders.first?.due == nil)
        let alarmLines = [
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:ARRIVE",
            "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:95.1,13.4", "END:VALARM",
        ]
        let alarm = try importICS(todoCalendar(["UID:x"] + alarmLines))
        #expect(alarm.warnings.map(\.line) == [10])
        #expect(alarm.warnings.first?.reason.hasSuffix("The alarm was kept as it is, without a place.") == true)
        #expect(alarm.reminders.first?.place == nil)
        #expect(alarm.reminders.first?.preserved.items.contains(.component(alarmLines)) == true)
        let geo = try importICS(todoCalendar(["UID:x", "GEO:north;east"]))
        #expect(geo.warnings.map(\.line) == [6])
        #expect(geo.reminders.first?.place == nil)
        #expect(geo.reminders.first?.preserved.items.contains(.line("GEO:north;east")) == true)
    }

    @Test("Oversized input is refused before it is read")
    func oversized() {
        let big = String(repeating: "X", count: ICalendar.maximumBytes + 1)
        expectError(big, line: 0, kind: .tooLarge)
        let manyLines = "BEGIN:VCALENDAR\n" + String(repeating: "X-A:1\n", count: ICalendar.maximumLines)
        expectError(manyLines, line: ICalendar.maximumLines + 1, kind: .tooLarge)
    }

    @Test("Name-based UUIDs are RFC 9562 version 5")
    func uuidV5() {
        // RFC 9562 test vector: v5 of "www.example.com" in the DNS namespace.
        let dns = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
        #expect(ICalendarUID.uuidV5(namespace: dns, name: "www.example.com").uuidString == "2ED6657D-E927-568B-95E1-2665A8AEA6A2")
        #expect(ICalendar.reminderID(forUID: "a@b") == ICalendar.reminderID(forUID: "a@b"))
        #expect(ICalendar.reminderID(forUID: "a@b") != ICalendar.reminderID(forUID: "a@c"))
    }
}

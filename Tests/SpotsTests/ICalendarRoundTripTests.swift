import Foundation
import Testing

@testable import Spots

let exportTime = Date(timeIntervalSince1970: 1_710_100_000)

func unfoldedLines(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
}

@Suite("iCalendar round trips: nothing is lost", .timeLimit(.minutes(5)))
struct ICalendarRoundTripTests {
    @Test("import → export → import gives the same reminders and preserved data", arguments: ICSFixture.all.map(\.0))
    func roundTrip(_ name: String) throws {
        let text = ICSFixture.all.first { $0.0 == name }!.1
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let first = try importICS(text, zone: zone).reminders
        #expect(!first.isEmpty)
        let exported = ICalendar.export(first, now: exportTime)
        let second = try importICS(exported, zone: zone).reminders
        #expect(second == first)
        // And the text is stable from then on.
        #expect(ICalendar.export(second, now: exportTime) == exported)
    }

    @Test("Every line Cadence writes ends in CRLF and has at most 75 octets", arguments: ICSFixture.all.map(\.0))
    func wireForm(_ name: String) throws {
        let text = ICSFixture.all.first { $0.0 == name }!.1
        let exported = ICalendar.export(try importICS(text).reminders, now: exportTime)
        #expect(exported.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!exported.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!exported.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        #expect(exported.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let lines = unfoldedLines(exported)
        #expect(Array(lines.prefix(3)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cadence//Spots//EN"])
        // DTSTAMP is the one each task came with (the app's last revision), until it is changed in Cadence.
        let stamps = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").filter { $0.hasPrefix("DTSTAMP:") }
        #expect(lines.filter { $0.hasPrefix("DTSTAMP:") } == stamps)
    }

    @Test("Unknown lines go back where they were: Apple's order, Thunderbird's X-MOZ lines, Nextcloud's fields")
    func preservedInPlace() throws {
        let apple = unfoldedLines(ICalendar.export(try importICS(ICSFixture.apple).reminders, now: exportTime))
        let firstTodo = Array(apple[apple.firstIndex(of: "BEGIN:VTODO")!...apple.firstIndex(of: "END:VTODO")!])
        #expect(firstTodo.map { String($0.prefix { $0 != ":" && $0 != ";" }) } == [
            "BEGIN", "CREATED", "DTSTAMP", "DTSTART", "DUE", "LAST-MODIFIED", "PRIORITY", "SEQUENCE", "SUMMARY", "UID",
            "X-APPLE-SORT-ORDER", "STATUS", "BEGIN", "ACTION", "DESCRIPTION", "TRIGGER", "UID", "X-APPLE-PROXIMITY",
            "X-APPLE-STRUCTURED-LOCATION", "X-WR-ALARMUID", "END", "END",
        ])
        #expect(firstTodo.contains("DUE:20240305T080000Z"))  // written in UTC
        #expect(apple.contains("DUE;VALUE=DATE:20240310"))  // all-day stays all-day
        #expect(apple.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)  // DTSTART;TZID=Europe/Berlin still has its VTIMEZONE

        let thunderbird = unfoldedLines(ICalendar.export(try importICS(ICSFixture.thunderbird).reminders, now: exportTime))
        #expect(thunderbird.contains("UID:3b3c1f6e-6a4e-4b8e-9a76-0f2c8d9e1a22"))
        #expect(thunderbird.contains("X-MOZ-GENERATION:3") && thunderbird.contains("X-MOZ-LASTACK:20240301T121500Z"))
        #expect(thunderbird.contains("TRIGGER;VALUE=DURATION;RELATED=END:-PT15M"))  // time alarm kept
        #expect(thunderbird.firstIndex(of: "X-MOZ-GENERATION:3")! > thunderbird.firstIndex { $0.hasPrefix("DUE:") }!)

        let nextcloud = unfoldedLines(ICalendar.export(try importICS(ICSFixture.nextcloud).reminders, now: exportTime))
        for line in ["UID:nextcloud-1709290000123@cloud.example.org", "CATEGORIES:Home,Garden", "PERCENT-COMPLETE:40",
            "STATUS:IN-PROCESS", "RELATED-TO;RELTYPE=PARENT:nextcloud-1709289999000@cloud.example.org", "X-OC-HIDESUBTASKS:0"] {
            #expect(nextcloud.contains(line), "\(line)")
        }
    }

    @Test("A place from a file that used one encoding keeps its original alarm, not a second encoding")
    func oneEncodingKept() throws {
        let apple = unfoldedLines(ICalendar.export(try importICS(ICSFixture.apple).reminders, now: exportTime))
        #expect(!apple.contains { $0.hasPrefix("PROXIMITY:") || $0 == "BEGIN:VLOCATION" })
        #expect(apple.contains { $0.contains("X-APPLE-MAPKIT-HANDLE=CAESvAEIrk0Q") })
        let rfc = unfoldedLines(ICalendar.export(try importICS(ICSFixture.rfc9074).reminders, now: exportTime))
        #expect(!rfc.contains { $0.hasPrefix("X-APPLE-") })
        #expect(rfc.contains("UID:77D80D14-906B-4257-963F-85B1E734DBB6") && rfc.contains("URL:geo:40.443,-79.945;u=10"))
    }

    @Test("A place made in Cadence is exported with both Apple's and RFC 9074's encoding, and read back the same")
    func bothEncodings() throws {
        let place = try Place(
            name: "Büro: 3rd floor; \"blue\" door",
            fence: Fence(id: UUID(), center: Coordinate(latitude: 52.521918, longitude: -0.000012), radius: 220.5, trigger: .leave))
        let reminder = try Reminder(title: "Lock the bike", place: place)
        let exported = ICalendar.export([reminder], now: exportTime)
        let lines = unfoldedLines(exported)
        for line in [
            "ACTION:DISPLAY", "DESCRIPTION:Lock the bike", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
            "X-APPLE-PROXIMITY:DEPART",
            "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=220.5;X-TITLE=\"Büro: 3rd floor; ^'blue^' door\":geo:52.521918,-0.000012",
            "PROXIMITY:DEPART", "BEGIN:VLOCATION", "NAME:Büro: 3rd floor\\; \"blue\" door", "GEO:52.521918;-0.000012",
            "URL:geo:52.521918,-0.000012;u=220.5", "END:VLOCATION",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(!lines.contains { $0.hasPrefix("DUE") })
        let back = try #require(try importICS(exported).reminders.first)
        #expect(back.place?.name == place.name)
        #expect(back.place?.fence.center == place.fence.center && back.place?.fence.radius == 220.5)
        #expect(back.place?.fence.trigger == .leave && back.id == reminder.id)
        #expect(back.place == place)  // the fence id comes back from the VLOCATION UID
        // Apple-only readers see the same place.
        let appleOnly = exported.replacingOccurrences(of: "\r\nPROXIMITY:DEPART\r\n", with: "\r\nX-IGNORED:1\r\n")
        #expect(appleOnly != exported)
        #expect(try importICS(appleOnly).reminders.first?.place?.name == place.name)
    }

    @Test("Moving an imported place replaces its alarm with one carrying both encodings")
    func editedPlace() throws {
        var reminder = try #require(try importICS(ICSFixture.apple).reminders.first)
        reminder.place?.fence.radius = 300
        let lines = unfoldedLines(ICalendar.export([reminder], now: exportTime))
        #expect(lines.contains("PROXIMITY:ARRIVE") && lines.contains("URL:geo:52.521918,13.413215;u=300"))
        #expect(!lines.contains { $0.contains("X-APPLE-MAPKIT-HANDLE") })
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 1)
        #expect(try importICS(ICalendar.export([reminder], now: exportTime)).reminders.first?.place?.fence.radius == 300)
    }

    @Test("Completing and un-completing write STATUS and COMPLETED consistently")
    func completion() throws {
        var reminders = try importICS(ICSFixture.nextcloud).reminders
        reminders[0].completedAt = exportTime
        reminders[2 - 1].completedAt = nil
        let lines = unfoldedLines(ICalendar.export(reminders, now: exportTime))
        #expect(lines.contains("STATUS:COMPLETED") && lines.contains("COMPLETED:20240310T194640Z"))
        let dentist = try #require(try importICS(ICSFixture.apple).reminders.last)
        var reopened = dentist
        reopened.completedAt = nil
        let reopenedLines = unfoldedLines(ICalendar.export([reopened], now: exportTime))
        #expect(reopenedLines.contains("STATUS:NEEDS-ACTION") && !reopenedLines.contains { $0.hasPrefix("COMPLETED") })
    }

    @Test("A reminder made in Cadence exports as a minimal VTODO that reads back equal")
    func fresh() throws {
        let reminder = try Reminder(title: "Call mum", notes: "Birthday", due: utcDate("20240305T170000Z"))
        let exported = ICalendar.export([reminder], now: exportTime)
        #expect(unfoldedLines(exported) == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cadence//Spots//EN", "CALSCALE:GREGORIAN",
            "BEGIN:VTODO", "UID:\(reminder.id.uuidString)", "DTSTAMP:20240310T194640Z", "SUMMARY:Call mum",
            "DESCRIPTION:Birthday", "DUE:20240305T170000Z", "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR",
        ])
        var back = try #require(try importICS(exported).reminders.first)
        back.preserved = .init()
        #expect(back == reminder)
    }
}

@Suite("iCalendar at size", .timeLimit(.minutes(5)))
struct ICalendarSizeTests {
    @Test("5,000 reminders with places export and import again, equal")
    func many() throws {
        var reminders: [Reminder] = []
        for i in 0..<5_000 {
            let notes = i % 2 == 0 ? "Notes; line one\nline two" : ""
            let due: Date? = i % 3 == 0 ? nil : exportTime.addingTimeInterval(Double(i) * 60)
            let place: Place? = i % 3 == 1 ? nil : try berlinPlace("Place \(i)")
            reminders.append(try Reminder(title: "Reminder \(i), with a comma", notes: notes, due: due, place: place))
        }
        let clock = ContinuousClock()
        var text = ""
        var back: [Reminder] = []
        let elapsed = try clock.measure {
            text = ICalendar.export(reminders, now: exportTime)
            back = try importICS(text).reminders
        }
        #expect(back.count == reminders.count)
        let samePlaces = back.map(\.place) == reminders.map(\.place)  // fence ids included
        let sameText = back.map(\.title) == reminders.map(\.title) && back.map(\.notes) == reminders.map(\.notes)
        let sameTimes = back.map(\.due) == reminders.map(\.due) && back.map(\.id) == reminders.map(\.id)
        #expect(samePlaces && sameText && sameTimes)
        #expect(elapsed < .seconds(20), "took \(elapsed) for \(text.utf8.count) bytes")
    }
}

import CadenceCore
import Foundation
import Testing
@testable import Spots

/// A reminder is stored as `Reminder.storedShape` (`spots_reminders.reminder`): version 2 is its Codable JSON, enum
/// cases and all, in `StoredJSON`'s envelope; version 1, the bare JSON, is what was written until December 2026. These
/// rows are pinned as written: renaming a property, a case or an associated value of `Reminder`, `Place`, `Fence`,
/// `Recurrence`, `RepeatSchedule` or `PreservedCalendarData` makes them unreadable, and this fails. Such a change needs
/// a version of its own and an upgrade for older rows (docs/development.md, "Stored shapes").
@Suite(.timeLimit(.minutes(5))) struct StoredReminderShapeTests {
    /// Apple Reminders' "Buy milk": a place from X-APPLE-STRUCTURED-LOCATION, the lines Cadence keeps verbatim.
    static let applePlaceRow = #"{"title":"Buy milk","due":731318400,"place":{"fence":{"center":{"latitude":52.521918,"longitude":13.413215},"trigger":"arrive","id":"13865644-927C-52FA-8F12-99B702EE6C6D","radius":100},"name":"Supermarket"},"preserved":{"stamp":"20240301T081522Z","timeZones":{"Europe\/Berlin":["BEGIN:VTIMEZONE","TZID:Europe\/Berlin","BEGIN:DAYLIGHT","TZOFFSETFROM:+0100","RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU","DTSTART:19810329T020000","TZNAME:MESZ","TZOFFSETTO:+0200","END:DAYLIGHT","BEGIN:STANDARD","TZOFFSETFROM:+0200","RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU","DTSTART:19961027T030000","TZNAME:MEZ","TZOFFSETTO:+0100","END:STANDARD","END:VTIMEZONE"]},"items":[{"line":{"_0":"CREATED:20240301T081500Z"}},{"known":{"name":"DTSTAMP","parameters":[]}},{"line":{"_0":"DTSTART;TZID=Europe\/Berlin:20240305T090000"}},{"known":{"name":"DUE","parameters":[]}},{"line":{"_0":"LAST-MODIFIED:20240301T081522Z"}},{"line":{"_0":"PRIORITY:0"}},{"line":{"_0":"SEQUENCE:0"}},{"known":{"name":"SUMMARY","parameters":[]}},{"known":{"name":"UID","parameters":[]}},{"line":{"_0":"X-APPLE-SORT-ORDER:731146522"}},{"known":{"name":"STATUS","parameters":[]}},{"place":{}}],"overflow":{},"placeSource":{"isAlarm":true,"lines":["BEGIN:VALARM","ACTION:DISPLAY","DESCRIPTION:Reminder","TRIGGER;VALUE=DATE-TIME:19760401T005545Z","UID:0B8B6C4A-2D3E-4F50-8A61-7B2C3D4E5F60","X-APPLE-PROXIMITY:ARRIVE","X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"Alexanderplatz 1\\\\n10178 Berlin\\\\nGermany\";X-APPLE-MAPKIT-HANDLE=CAESvAEIrk0Q;X-APPLE-RADIUS=100;X-APPLE-REFERENCEFRAME=1;X-TITLE=Supermarket:geo:52.521918,13.413215","X-WR-ALARMUID:0B8B6C4A-2D3E-4F50-8A61-7B2C3D4E5F60","END:VALARM"],"place":{"name":"Supermarket","fence":{"center":{"longitude":13.413215,"latitude":52.521918},"radius":100,"trigger":"arrive","id":"13865644-927C-52FA-8F12-99B702EE6C6D"}}}},"notes":"","id":"5F1E6C2B-8B83-4A1F-9C56-2D1D1C1B7A10"}"#
    /// A weekly series from another program, with its zone, an exception and a line Cadence does not know.
    static let weeklySeriesRow = #"{"preserved":{"uid":"weekly-1","timeZones":{},"items":[{"known":{"parameters":[],"name":"UID"}},{"known":{"parameters":[],"name":"SUMMARY"}},{"line":{"_0":"DTSTART;TZID=Europe\/Berlin:20240305T190000"}},{"known":{"parameters":[],"name":"DUE"}},{"line":{"_0":"RRULE:FREQ=WEEKLY;COUNT=10"}},{"line":{"_0":"EXDATE;TZID=Europe\/Berlin:20240312T190000"}},{"line":{"_0":"X-CUSTOM-THING:kept"}},{"known":{"parameters":[],"name":"DTSTAMP"}},{"known":{"parameters":[],"name":"STATUS"}}],"overflow":{}},"notes":"","id":"911FB997-2E17-553D-9F74-D398720EE02B","repeatSchedule":{"dueAfterStart":3600,"exceptions":[731959200],"start":731354400,"zone":"Europe\/Berlin"},"due":731358000,"recurrence":{"series":{"rule":"FREQ=WEEKLY;COUNT=10"}},"title":"Bins out"}"#

    static func jsonObject(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test func anApplePlaceRow() throws {
        try check(Self.applePlaceRow, reads: try importICS(ICSFixture.apple).reminders[0])
    }

    @Test func aWeeklySeriesRow() throws {
        try check(Self.weeklySeriesRow, reads: try importICS(todoCalendar([
            "UID:weekly-1", "SUMMARY:Bins out", "DTSTART;TZID=Europe/Berlin:20240305T190000", "DUE;TZID=Europe/Berlin:20240305T200000",
            "RRULE:FREQ=WEEKLY;COUNT=10", "EXDATE;TZID=Europe/Berlin:20240312T190000", "X-CUSTOM-THING:kept",
        ])).reminders[0])
    }

    @Test func aRowFromANewerCadenceIsRefusedByName() {
        #expect(throws: StoredShapeError(shape: "reminder", version: 3, known: 2)) {
            try Reminder.storedShape.decode(#"{"version":3,"value":{"title":"From the future"}}"#)
        }
    }

    /// Yesterday's (version 1) row reads as the reminder it was, and today's row is version 2: the same JSON in the
    /// envelope, read back as the same reminder.
    func check(_ row: String, reads expected: Reminder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Reminder.storedShape.decode(row) == expected, "the version 1 row no longer reads as it did",
                sourceLocation: sourceLocation)
        let written = try Reminder.storedShape.encode(expected)
        #expect(try Self.jsonObject(written) == Self.jsonObject(#"{"version":2,"value":\#(row)}"#),
                "the row written today differs from the stored shape", sourceLocation: sourceLocation)
        #expect(try Reminder.storedShape.decode(written) == expected, sourceLocation: sourceLocation)
    }
}

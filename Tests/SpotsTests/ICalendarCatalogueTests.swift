import CadenceCore
import Foundation
import Testing

@testable import Spots

/// An iCalendar import's words are in the catalogue (issue 23): every refusal's detail and every warning's parts
/// (`spots.ical.`) say, in English, exactly the sentence the domain writes, so the web layer can say them in the
/// person's language and English stays what programs and other tests read. The catalogue is the web layer's,
/// read from the sources.
@Suite(.timeLimit(.minutes(5))) struct ICalendarCatalogueTests {
    static let locales = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Web/Resources/locales")

    static func catalogue(_ code: String, in directory: URL = locales) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: directory.appendingPathComponent("\(code).json")))) ?? [:]
    }

    /// Files refused whole, one for each thing that refuses a file.
    static let refused: [String] = [
        "",
        "Hello, this is a shopping list.\n",
        ICSFixture.ics(["BEGIN:VCALENDAR", "BEGIN:", "END:VCALENDAR"]),
        ICSFixture.ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VTODO", "END:VTODO"]),
        ICSFixture.ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VTODO"]),
        ICSFixture.ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:x", "END:VCALENDAR"]),
        ICSFixture.ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "SUMMARY:stray"]),
        ICSFixture.ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "SUMMARY:cut off"]),
        String(repeating: "X", count: ICalendar.maximumBytes + 1),
        "BEGIN:VCALENDAR\n" + String(repeating: "X-A:1\n", count: ICalendar.maximumLines),
        "BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:X\n", count: 40) + String(repeating: "END:X\n", count: 40) + "END:VCALENDAR\n",
    ]

    /// A file with one of each thing a line can get wrong, and what the import does about it.
    static let warned = ICSFixture.ics([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
        "BEGIN:VTODO",
        "UID:first", "SUMMARY:Pay the rent",
        "NO COLON HERE",
        "X-QUOTED;X=\"a:b\"",
        "PERCENT_COMPLETE:100",
        "X-FORM;=x:1",
        "X-OPEN;X=\"abc:1",
        "X-AFTER;X=\"a\"b:1",
        "DUE:2024-03-05",
        "COMPLETED;TZID=Atlantis/Capital:20240305T090000",
        "DTSTART;VALUE=DATE:2024-03-05",
        "RECURRENCE-ID:tomorrow",
        "GEO:somewhere",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:soon", "END:VALARM",
        "END:VTODO",
        "BEGIN:VTODO",
        "UID:second", "SUMMARY:Water the plants", "DUE:20240305T090000Z", "RRULE:FREQ=WEEKLY",
        "EXDATE:20240312T090000Z,2024031",
        "GEO:91;0",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:ARRIVE",
        "X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:here", "END:VALARM",
        "END:VTODO",
        "BEGIN:VTODO",
        "UID:third", "SUMMARY:Call\u{0}mum",
        "END:VTODO",
        "END:VCALENDAR",
    ])

    /// The refusals' keys, each checked to say its detail.
    static func refusalKeys(_ english: Messages) -> Set<String> {
        var keys: Set<String> = []
        for text in refused {
            do {
                _ = try importICS(text)
                Issue.record("expected \(text.prefix(60)) to be refused")
            } catch {
                guard let localized = error.localized else {
                    Issue.record("no key for \(error.detail)")
                    continue
                }
                keys.insert(localized.key)
                let said = english(localized)
                #expect(said == error.detail)
            }
        }
        return keys
    }

    /// A warning's parts said one after the other, as the web layer says them.
    static func say(_ warning: ICalendarImport.Warning, _ messages: Messages) -> String {
        warning.reasonKeys.map { messages($0) }.joined(separator: " ")
    }

    /// The warnings' keys, each warning checked to say its reason.
    static func warningKeys(_ english: Messages) throws -> Set<String> {
        let result = try importICS(warned)
        #expect(result.reminders.map(\.title) == ["Pay the rent", "Water the plants"])
        var keys: Set<String> = []
        for warning in result.warnings {
            #expect(!warning.reasonKeys.isEmpty, "no keys for \(warning.reason)")
            let parts = warning.reasonKeys + warning.reasonKeys.flatMap(\.nested.values)
            keys.formUnion(parts.map(\.key))
            let said = say(warning, english)
            #expect(said == warning.reason)
        }
        return keys
    }

    /// Every `spots.ical.` message is said by something above (but the frame "Line N: …", which the web layer
    /// says, and the date Foundation cannot make of a value already checked, which no file reaches), and Spanish
    /// has its own words for each, with the same placeholders.
    static func checkCoverage(used: Set<String>, english: [String: String], spanish: [String: String]) {
        let catalogued = Set(english.keys.filter { $0.hasPrefix("spots.ical.") })
        let unreachable: Set<String> = ["spots.ical.line", "spots.ical.error.bad_date"]
        #expect(catalogued.subtracting(used).subtracting(unreachable).isEmpty, "\(catalogued.subtracting(used).subtracting(unreachable).sorted())")
        #expect(used.filter { $0.hasPrefix("spots.ical.") }.subtracting(catalogued).isEmpty)
        #expect(unreachable.isSubset(of: catalogued))
        for key in catalogued.sorted() {
            guard let english = english[key], let spanish = spanish[key] else {
                Issue.record("es.json lacks \(key)")
                continue
            }
            #expect(spanish != english, "\(key)")
            #expect(MessageTemplate.placeholders(spanish) == MessageTemplate.placeholders(english), "\(key)")
        }
    }

    static func check(in directory: URL = locales) throws {
        let english = catalogue("en", in: directory), spanish = catalogue("es", in: directory)
        let messages = Messages.englishOnly(english)
        let used = refusalKeys(messages).union(try warningKeys(messages))
        #expect(used.count >= 25, "\(used.sorted())")
        checkCoverage(used: used, english: english, spanish: spanish)
    }

    @Test func everyRefusalAndWarningSaysItsEnglishFromTheCatalogue() throws {
        try Self.check()
    }

    @Test func aWarningKeepsItsEnglishAndItsKeys() throws {
        let result = try importICS(todoCalendar(["UID:x", "SUMMARY:Rent", "DUE:2024-03-05"]))
        let warning = try #require(result.warnings.first)
        #expect(warning.reason == "DUE value '2024-03-05' is not a date. Write it like 20240305T090000Z. The line was skipped.")
        #expect(warning.reasonKeys == [
            MessageKey("spots.ical.error.bad_date_example", ["property": "DUE", "value": "2024-03-05", "example": "20240305T090000Z"]),
            MessageKey("spots.ical.action.line_skipped"),
        ])
        #expect(warning == ICalendarImport.Warning(line: warning.line, reason: warning.reason))
    }

    @Test func aSkippedTaskCarriesItsRefusalAsAMessageOfItsOwn() throws {
        let result = try importICS(todoCalendar(["UID:x", "SUMMARY:Call\u{0}mum"]))
        let warning = try #require(result.warnings.first)
        #expect(result.reminders.isEmpty)
        #expect(warning.reason == "The task 'Call\u{0}mum' was skipped: A reminder title cannot contain a NUL character (U+0000).")
        #expect(warning.reasonKeys.map(\.key) == ["spots.ical.task_skipped"])
        #expect(warning.reasonKeys.first?.nested == ["reason": MessageKey("spots.error.title.nul")])
    }
}

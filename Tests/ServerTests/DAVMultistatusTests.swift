import DAV
import Foundation
import SafeXML
import Testing

/// The 207 body a CalDAV client parses: calendar data with XML's special characters and CRLFs comes back out of an
/// XML parser as it went in, and a property in a namespace the root does not declare declares its own.
@Suite struct DAVMultistatusTests {
    @Test func calendarDataSurvivesAnXMLParserByteForByte() throws {
        let data = "BEGIN:VCALENDAR\r\nSUMMARY:Salt & pepper <fine> \"sea\"\r\nDESCRIPTION:tab\there\r\nEND:VCALENDAR\r\n"
        let body = DAVMultistatus(responses: [
            .properties(href: "/dav/calendars/reminders/a b&c.ics", found: [.text(.d("getetag"), "\"7\""), .text(.c("calendar-data"), data)],
                        missing: [.cs("getctag")]),
            .status(href: "/dav/calendars/reminders/gone.ics", 404),
        ], syncToken: "urn:cadence:sync:x:7")
        let root = try SafeXML.tree(Data(body.bytes))
        let responses = root.children("response", in: [DAVName.dav])
        #expect(responses.count == 2)
        #expect(responses[0].child("href", in: [DAVName.dav])?.text == "/dav/calendars/reminders/a b&c.ics")
        let found = responses[0].children("propstat", in: [DAVName.dav])[0].child("prop", in: [DAVName.dav])
        #expect(found?.child("calendar-data", in: [DAVName.caldav])?.text == data)
        #expect(found?.child("getetag", in: [DAVName.dav])?.text == "\"7\"")
        #expect(root.child("sync-token", in: [DAVName.dav])?.text == "urn:cadence:sync:x:7")
        #expect(body.xml.contains("<cs:getctag/>") && body.xml.contains("HTTP/1.1 404 Not Found"))
    }

    @Test func controlCharactersXMLCannotCarryAreDropped() throws {
        let body = DAVMultistatus(responses: [.properties(href: "/x", found: [.text(.d("displayname"), "bell\u{07}and\u{0C}feed")], missing: [])])
        let root = try SafeXML.tree(Data(body.bytes))
        #expect(root.descendants("displayname", in: [DAVName.dav]).first?.text == "bellandfeed")
        #expect(DAVMultistatus.escape("a\u{01}<b>\r\n") == "a&lt;b&gt;&#13;\n")
    }

    @Test func aNamespaceTheRootDoesNotDeclareIsDeclaredOnItsElement() throws {
        let body = DAVMultistatus(responses: [.properties(href: "/x", found: [.text(DAVName("urn:example:a&b", "colour"), "teal")],
                                                          missing: [DAVName("urn:example:other", "size")])])
        let root = try SafeXML.tree(Data(body.bytes))
        #expect(root.descendants("colour", in: ["urn:example:a&b"]).first?.text == "teal")
        #expect(root.descendants("size", in: ["urn:example:other"]).count == 1)
    }
}

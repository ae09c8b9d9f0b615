import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Task names that need percent-encoding (spaces, accents, a percent sign, emoji) keep one address through a
/// write, a listing, a multiget and a sync: the server's hrefs are what the app wrote, encoded the same way every time.
@Suite(.timeLimit(.minutes(5))) struct CalDAVHrefTests {
    @Test func namesThatNeedEncodingKeepOneAddressEverywhere() async throws {
        try await withTestServer { server in
            let app = try await CalDAVTests.App.make(server.client)
            let list = CalDAVTests.list
            let name = "r%C3%A9sum%C3%A9%20100%25%20%F0%9F%98%80.ics"  // "résumé 100% 😀.ics"
            #expect(try await app.put(list + name, CalDAVTests.todo("encoded-\(UUID().uuidString)", "Encoded")).status == .created)

            let listed = try await app.dav("PROPFIND", list, body: CalDAVTests.propfind("<d:getetag/>"), headers: [HTTPField.Name("Depth")!: "1"])
            #expect(listed.text.contains("<d:href>\(list)\(name)</d:href>"), "\(listed.text)")
            #expect(try await app.dav("GET", list + name).status == .ok)
            // Lower-case escapes and an unescaped "@" mean the same resource.
            #expect(try await app.dav("GET", list + name.replacingOccurrences(of: "%C3%A9", with: "%c3%a9")).status == .ok)

            let multiget = try await app.dav("REPORT", list, body: """
                <?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
                <d:href>\(list)\(name)</d:href></c:calendar-multiget>
                """)
            #expect(multiget.text.contains("<d:href>\(list)\(name)</d:href>") && multiget.text.contains("200 OK"), "\(multiget.text)")
            // The same task named by an absolute URL, pretty-printed: found. A path in no list, or outside the DAV tree: 404s.
            let absolute = try await app.dav("REPORT", list, body: """
                <?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
                    <d:href>
                        http://cadence.example:8080\(list)\(name)
                    </d:href>
                    <d:href>/dav/calendars/elsewhere/\(name)</d:href>
                    <d:href>/files/\(name)</d:href>
                </c:calendar-multiget>
                """)
            #expect(absolute.text.components(separatedBy: "200 OK").count == 2, "\(absolute.text)")
            #expect(absolute.text.components(separatedBy: "404 Not Found").count == 3, "\(absolute.text)")
            let sync = try await app.dav("REPORT", list, body: CalDAVTests.syncBody(""), headers: [HTTPField.Name("Depth")!: "0"])
            #expect(sync.text.contains("<d:href>\(list)\(name)</d:href>"))
            // An escape that is not one is not a crash, only an address with nothing there.
            #expect(try await app.dav("GET", list + "broken%ZZname.ics").status == .notFound)
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Testing

/// Cadence as a CalDAV server, request by request, on both engines: discovery, conditional writes (412, never a lost
/// update), sync tokens, multiget, task lists, repeating tasks as one resource, and who may come in. The client-level
/// scenarios (python caldav, vdirsyncer, todoman) are in e2e/caldav.
@Suite(.timeLimit(.minutes(5))) struct CalDAVTests {
    struct App {
        let client: any TestClientProtocol
        let token: String
        let basic: String

        static func make(_ client: any TestClientProtocol) async throws -> App {
            let email = uniqueEmail("caldav")
            let token = try await client.register(email: email)
            let made = try await client.json(.post, "/api/v1/devices/app-passwords", body: #"{"name":"Thunderbird"}"#, token: token)
            guard made.status == .created, let password = made.object["password"] as? String else {
                throw TestFailure("making an app password failed: \(made.status) \(made.text)")
            }
            #expect(made.object["username"] as? String == email)
            #expect((made.object["url"] as? String)?.hasSuffix("/dav/") == true)
            return App(client: client, token: token, basic: "Basic " + Data("\(email):\(password)".utf8).base64EncodedString())
        }

        @discardableResult
        func dav(_ method: String, _ uri: String, body: String? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
            var headers = extra
            headers[.authorization] = basic
            if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/xml; charset=utf-8" }
            return try await client.execute(uri: uri, method: HTTPRequest.Method(method)!, headers: headers,
                                            body: body.map { ByteBuffer(string: $0) })
        }

        func put(_ uri: String, _ ics: String, _ extra: HTTPFields = [:]) async throws -> TestResponse {
            var headers = extra
            headers[.contentType] = "text/calendar; charset=utf-8"
            return try await dav("PUT", uri, body: ics, headers: headers)
        }
    }

    static func todo(_ uid: String, _ summary: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20270101T000000Z",
          "SUMMARY:\(summary)", "DUE:20270201T090000Z"] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static func propfind(_ props: String) -> String {
        #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>\#(props)</d:prop></d:propfind>"#
    }

    static func syncBody(_ token: String) -> String {
        #"<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>\#(token)</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"#
    }

    /// The text between `<…name>` and `</…name>` (first occurrence), for a quick look at one property.
    static func value(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: ":\(name)>"), let close = text.range(of: "</", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    static let list = "/dav/calendars/reminders/"

    @Test func discoveryLeadsFromTheServersAddressToTheRemindersList() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let wellKnown = try await server.client.execute(uri: "/.well-known/caldav", method: HTTPRequest.Method("PROPFIND")!)
            #expect(wellKnown.status == .movedPermanently && wellKnown.headers[.location] == "/dav/")
            let root = try await app.dav("PROPFIND", "/", body: Self.propfind("<d:current-user-principal/>"), headers: [HTTPField.Name("Depth")!: "0"])
            #expect(root.status.code == 207)
            #expect(root.text.contains("<d:current-user-principal><d:href>/dav/principal/</d:href>"))
            let principal = try await app.dav("PROPFIND", "/dav/principal/", body: Self.propfind("<c:calendar-home-set/><d:displayname/>"),
                                              headers: [HTTPField.Name("Depth")!: "0"])
            #expect(principal.text.contains("<c:calendar-home-set><d:href>/dav/calendars/</d:href>"))
            let home = try await app.dav("PROPFIND", "/dav/calendars/", body: Self.propfind(
                "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><d:current-user-privilege-set/>"),
                headers: [HTTPField.Name("Depth")!: "1"])
            #expect(home.text.contains("<d:href>/dav/calendars/reminders/</d:href>"))
            #expect(home.text.contains("<d:displayname>Reminders</d:displayname>"))
            #expect(home.text.contains(#"<c:comp name="VTODO"/>"#))
            #expect(home.text.contains("<d:privilege><d:write/></d:privilege>"))
            #expect(home.text.contains("urn:cadence:sync:"))
            let options = try await server.client.execute(uri: "/dav/", method: .options)
            #expect(options.headers[HTTPField.Name("DAV")!]?.contains("calendar-access") == true)
        }
    }

    @Test func aStaleWriteIsRefusedAndNothingIsOverwritten() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let uri = Self.list + "milk.ics"
            let created = try await app.put(uri, Self.todo("milk", "Buy milk"), [.ifNoneMatch: "*"])
            #expect(created.status == .created)
            let first = try #require(created.headers[.eTag])
            #expect(try await app.put(uri, Self.todo("milk", "Buy milk twice"), [.ifNoneMatch: "*"]).status == .preconditionFailed)

            let read = try await app.dav("GET", uri)
            #expect(read.status == .ok && read.headers[.eTag] == first)
            #expect(read.headers[.lastModified] == "Fri, 15 Jan 2027 08:00:00 GMT")  // the test server's clock
            #expect(read.text.contains("SUMMARY:Buy milk\r\n") && read.text.contains("DTSTAMP:20270101T000000Z\r\n"))
            #expect(try await app.dav("GET", uri, headers: [.ifNoneMatch: first]).status == .notModified)

            let updated = try await app.put(uri, Self.todo("milk", "Buy oat milk"), [.ifMatch: first])
            #expect(updated.status == .noContent)
            let second = try #require(updated.headers[.eTag])
            #expect(second != first)
            // The other device still holds the first ETag: refused, and the newer text is kept.
            #expect(try await app.put(uri, Self.todo("milk", "Buy cow milk"), [.ifMatch: first]).status == .preconditionFailed)
            #expect(try await app.dav("GET", uri).text.contains("SUMMARY:Buy oat milk\r\n"))
            let spots = try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array
            #expect(spots.map { $0["title"] as? String } == ["Buy oat milk"])

            #expect(try await app.dav("DELETE", uri, headers: [.ifMatch: first]).status == .preconditionFailed)
            #expect(try await app.dav("DELETE", uri, headers: [.ifMatch: second]).status == .noContent)
            #expect(try await app.dav("GET", uri).status == .notFound)
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array.isEmpty)
        }
    }

    @Test func syncCollectionGivesExactlyWhatChangedAndMultigetWhatIsAsked() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            for name in ["a", "b", "c"] { try await app.put(Self.list + "\(name).ics", Self.todo(name, "Task \(name)")) }
            let first = try await app.dav("REPORT", Self.list, body: Self.syncBody(""), headers: [HTTPField.Name("Depth")!: "0"])
            #expect(first.status.code == 207)
            #expect(["a", "b", "c"].allSatisfy { first.text.contains("/dav/calendars/reminders/\($0).ics") })
            let token = try #require(Self.value("sync-token", in: first.text))

            try await app.put(Self.list + "b.ics", Self.todo("b", "Task b, changed"))
            try await app.put(Self.list + "d.ics", Self.todo("d", "Task d"))
            try await app.dav("DELETE", Self.list + "c.ics")
            // A change made in Spots counts too.
            let made = try await server.client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"From Spots"}"#, token: app.token)
            let spotsID = try #require(made.object["id"] as? String)

            let since = try await app.dav("REPORT", Self.list, body: Self.syncBody(token), headers: [HTTPField.Name("Depth")!: "1"])
            let hrefs = since.text.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
            #expect(Set(hrefs) == Set(["b.ics", "d.ics", "c.ics", "\(spotsID.uppercased()).ics"].map { Self.list + $0 }))
            #expect(since.text.contains("<d:href>/dav/calendars/reminders/c.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
            let newer = try #require(Self.value("sync-token", in: since.text))
            #expect(newer != token)
            let nothing = try await app.dav("REPORT", Self.list, body: Self.syncBody(newer))
            #expect(!nothing.text.contains("<d:response>"))
            let foreign = try await app.dav("REPORT", Self.list, body: Self.syncBody("urn:cadence:sync:someone-else:1"))
            #expect(foreign.status == .forbidden && foreign.text.contains("valid-sync-token"))

            let multiget = try await app.dav("REPORT", Self.list, body: #"""
                <?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                <d:prop><d:getetag/><c:calendar-data/></d:prop>
                <d:href>/dav/calendars/reminders/a.ics</d:href><d:href>/dav/calendars/reminders/gone.ics</d:href></c:calendar-multiget>
                """#)
            #expect(multiget.text.contains("SUMMARY:Task a"))
            #expect(multiget.text.contains("<d:href>/dav/calendars/reminders/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        }
    }

    @Test func listsAreMadeInTheAppAndShowInSpots() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let make = #"<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>Groceries</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>"#
            #expect(try await app.dav("MKCALENDAR", "/dav/calendars/groceries/", body: make).status == .created)
            #expect(try await app.dav("MKCALENDAR", "/dav/calendars/groceries/", body: make).status == .methodNotAllowed)
            let events = make.replacingOccurrences(of: "VTODO", with: "VEVENT")
            let refused = try await app.dav("MKCALENDAR", "/dav/calendars/meetings/", body: events)
            #expect(refused.status == .forbidden && refused.text.contains("supported-calendar-component"))
            try await app.put("/dav/calendars/groceries/eggs.ics", Self.todo("eggs", "Eggs"))

            let lists = try await server.client.json(.get, "/api/v1/spots/lists", token: app.token).array
            #expect(lists.map { $0["name"] as? String } == ["Reminders", "Groceries"])
            let eggs = try #require(try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array.first)
            #expect(eggs["list"] as? String == "groceries")

            let renamed = try await app.dav("PROPPATCH", "/dav/calendars/groceries/", body: #"<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Shopping</d:displayname></d:prop></d:set></d:propertyupdate>"#)
            #expect(renamed.status.code == 207)
            #expect(try await server.client.json(.get, "/api/v1/spots/lists", token: app.token).array.last?["name"] as? String == "Shopping")
            #expect(try await app.dav("DELETE", "/dav/calendars/reminders/").status == .forbidden)
            let oldSync = try await app.dav("REPORT", "/dav/calendars/groceries/", body: Self.syncBody(""))
            let oldToken = try #require(Self.value("sync-token", in: oldSync.text))
            #expect(try await app.dav("DELETE", "/dav/calendars/groceries/").status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array.isEmpty)
            // Made again at the same address: nothing of the old list is served for the new one's ETags.
            #expect(try await app.dav("MKCALENDAR", "/dav/calendars/groceries/", body: make).status == .created)
            try await app.put("/dav/calendars/groceries/eggs.ics", Self.todo("eggs", "Free-range eggs"))
            let stale = try await app.dav("REPORT", "/dav/calendars/groceries/", body: Self.syncBody(oldToken))
            #expect(stale.status == .forbidden && stale.text.contains("valid-sync-token"))
            #expect(try await app.dav("GET", "/dav/calendars/groceries/eggs.ics").text.contains("SUMMARY:Free-range eggs"))
        }
    }

    @Test func aRepeatingTaskAndItsCompletedOccurrenceAreOneResource() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let ics = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
                "BEGIN:VTODO", "UID:bins", "DTSTAMP:20270101T000000Z", "SUMMARY:Bins out", "DTSTART;TZID=Europe/Amsterdam:20270118T190000",
                "DUE;TZID=Europe/Amsterdam:20270118T190000", "RRULE:FREQ=WEEKLY;BYDAY=MO", "END:VTODO",
                "BEGIN:VTODO", "UID:bins", "DTSTAMP:20270118T183000Z", "RECURRENCE-ID;TZID=Europe/Amsterdam:20270118T190000",
                "SUMMARY:Bins out", "DUE;TZID=Europe/Amsterdam:20270118T190000", "STATUS:COMPLETED", "COMPLETED:20270118T183000Z",
                "END:VTODO", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            // In a list of its own, under a name that is not its UID (as apps choose names).
            #expect(try await app.dav("MKCALENDAR", "/dav/calendars/chores/").status == .created)
            #expect(try await app.put("/dav/calendars/chores/weekly-bins.ics", ics).status == .created)
            let spots = try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array
            #expect(spots.count == 2)
            let series = try #require(spots.first { $0["repeatRule"] != nil })
            #expect(series["due"] as? String == "2027-01-25T18:00:00Z")  // the next Monday, 19:00 in Amsterdam
            // Checked off in Spots: the app's copy gets a second completed occurrence and the series moves on.
            let id = try #require(series["id"] as? String)
            try await server.client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: app.token)
            let back = try await app.dav("GET", "/dav/calendars/chores/weekly-bins.ics").text
            #expect(back.components(separatedBy: "BEGIN:VTODO").count == 4)
            #expect(back.contains("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
            #expect(back.contains("RECURRENCE-ID:20270125T180000Z\r\n"))
            let everywhere = try await server.client.json(.get, "/api/v1/spots/reminders", token: app.token).array
            #expect(everywhere.count == 3 && everywhere.allSatisfy { $0["list"] as? String == "chores" })
        }
    }

    @Test func anAppsWriteIsAnnouncedOnTheLiveChannel() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(180) {
            let app = try await App.make(server.client)
            try await server.client.ws("/api/v1/live", configuration: socketConfiguration(token: app.token)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                #expect(try await app.put(Self.list + "call.ics", Self.todo("call", "Call mum")).status == .created)
                let changed = try await reader.next(ofType: "spots.changed")
                #expect(changed.data["list"] as? String == "reminders" && changed.data["resource"] as? String == "call.ics")
                #expect(try await app.dav("DELETE", Self.list + "call.ics").status == .noContent)
                _ = try await reader.next(ofType: "spots.changed")
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }

    @Test func badTasksAreRefusedByName() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let event = Self.todo("e", "Meeting").replacingOccurrences(of: "VTODO", with: "VEVENT")
            let notTask = try await app.put(Self.list + "e.ics", event)
            #expect(notTask.status == .forbidden && notTask.text.contains("supported-calendar-component"))
            let broken = try await app.put(Self.list + "x.ics", "this is not a calendar")
            #expect(broken.status == .badRequest && broken.text.contains("valid-calendar-data"))
            let two = Self.todo("one", "One").replacingOccurrences(of: "END:VCALENDAR", with: "BEGIN:VTODO\r\nUID:two\r\nSUMMARY:Two\r\nEND:VTODO\r\nEND:VCALENDAR")
            #expect(try await app.put(Self.list + "two.ics", two).status == .forbidden)
            try await app.put(Self.list + "one.ics", Self.todo("one", "One"))
            let moved = try await app.put(Self.list + "another-name.ics", Self.todo("one", "One again"))
            #expect(moved.status == .conflict && moved.text.contains("no-uid-conflict"))
            #expect(try await app.dav("GET", "/dav/calendars/nowhere/x.ics").status == .notFound)
        }
    }

    /// Request bodies are read by SafeXML, the one reader: each refusal is a 400 that says what is wrong.
    @Test func badRequestBodiesAreRefusedSayingWhatIsWrong() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let deep = String(repeating: "<d:prop>", count: 300) + String(repeating: "</d:prop>", count: 300)
            for (body, says) in [
                (#"<!DOCTYPE d [<!ENTITY x "y">]><d:propfind xmlns:d="DAV:"/>"#, "document type declaration"),
                (#"<d:propfind xmlns:d="DAV:"><d:prop><x:getetag/></d:prop></d:propfind>"#, "undeclared namespace prefix “x”"),
                (#"<d:propfind xmlns:d="DAV:">\#(deep)</d:propfind>"#, "deeper than 256 levels"),
                (#"<d:propfind xmlns:d="DAV:"><d:prop></d:propfind>"#, "could not be read"),
            ] {
                let answer = try await app.dav("PROPFIND", Self.list, body: body, headers: [HTTPField.Name("Depth")!: "0"])
                #expect(answer.status == .badRequest && answer.text.contains(says), "\(says): \(answer.status) \(answer.text)")
            }
            let fine = try await app.dav("PROPFIND", Self.list, body: Self.propfind("<d:displayname/>"), headers: [HTTPField.Name("Depth")!: "0"])
            #expect(fine.status.code == 207)
        }
    }

    @Test func onlyAnAppPasswordOpensCalDAVAndItOpensNothingElse() async throws {
        try await withTestServer { server in
            let app = try await App.make(server.client)
            let other = try await App.make(server.client)
            try await app.put(Self.list + "secret.ics", Self.todo("secret", "Mine"))
            // Another account's app password sees its own list, never this one's tasks.
            #expect(try await other.dav("GET", Self.list + "secret.ics").status == .notFound)

            let none = try await server.client.execute(uri: "/dav/", method: HTTPRequest.Method("PROPFIND")!)
            #expect(none.status == .unauthorized && none.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            let session = try await server.client.execute(uri: "/dav/", method: HTTPRequest.Method("PROPFIND")!,
                                                          headers: [.authorization: "Bearer \(app.token)"])
            #expect(session.status == .unauthorized)
            let password = String(decoding: Data(base64Encoded: String(app.basic.dropFirst(6)))!, as: UTF8.self).split(separator: ":")[1]
            let api = try await server.client.json(.get, "/api/v1/spots/reminders", token: String(password))
            #expect(api.status == .forbidden && api.errorCode == "calendar_app_only")
            // Nor what a paired device may use: OwnTracks (it would feed locations and fire alerts), the device's own
            // record, the watch's and display's pages; as a bearer token or as OwnTracks' Basic password.
            let owntracks = try await server.client.json(.post, "/api/v1/spots/owntracks",
                                                         body: #"{"_type":"location","lat":52.37,"lon":4.89,"tst":1800000000,"acc":10}"#,
                                                         token: String(password))
            #expect(owntracks.status == .forbidden && owntracks.errorCode == "calendar_app_only", "\(owntracks.status)")
            let me = try await server.client.json(.get, "/api/v1/devices/me", token: String(password))
            #expect(me.status == .forbidden && me.errorCode == "calendar_app_only", "\(me.status)")
            for page in ["/watch", "/display"] {
                let asBearer = try await server.client.execute(uri: page, method: .get, headers: [.authorization: "Bearer \(password)"])
                #expect(asBearer.status == .forbidden, "\(page): \(asBearer.status)")
                let asBasic = try await server.client.execute(uri: page, method: .get, headers: [.authorization: app.basic])
                #expect(asBasic.status == .forbidden, "\(page) with Basic: \(asBasic.status)")
            }

            // Wrong app passwords are throttled like sign-ins, by the e-mail they try.
            let email = String(decoding: Data(base64Encoded: String(other.basic.dropFirst(6)))!, as: UTF8.self).split(separator: ":")[0]
            var statuses: [Int] = []
            for attempt in 0..<7 {
                let wrong = "Basic " + Data("\(email):dvc_wrong\(attempt)".utf8).base64EncodedString()
                statuses.append(try await server.client.execute(uri: "/dav/", method: HTTPRequest.Method("PROPFIND")!,
                                                                headers: [.authorization: wrong]).status.code)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == 401 } && statuses.last == 429, "\(statuses)")
            // Revoked on the devices page: out at once.
            let devices = try await server.client.json(.get, "/api/v1/devices", token: app.token).array
            let calendarApp = try #require(devices.first { $0["role"] as? String == "calendar" }?["id"] as? String)
            #expect(try await server.client.json(.delete, "/api/v1/devices/\(calendarApp)", token: app.token).status == .noContent)
            #expect(try await app.dav("PROPFIND", "/dav/").status == .unauthorized)
        }
    }
}

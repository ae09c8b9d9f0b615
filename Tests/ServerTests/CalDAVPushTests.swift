import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PlatformService
import Testing

/// WebDAV-Push on task lists (issue 41, draft-bitfire-webdav-push-00), through the real CalDAV endpoint, with a
/// push service on this machine whose requests the test's own client keys decrypt: service detection, registration
/// as DAVx5 sends it, one push per change from every path that changes a list, `Push-Dont-Notify`, renewal, removal
/// (by DELETE, by the push service's 410, with the app password, with the list), and refusals. Both engines.
@Suite(.timeLimit(.minutes(5))) struct CalDAVPushTests {
    /// A calendar app with an app password, its push keys, and the push service's base URL.
    struct PushApp {
        let dav: CalDAVTests.App
        let receiver: PushReceiver
        let base: String
        let server: TestServer

        func register(list: String = "reminders", endpoint: String, keys: PushBrowser, extra: String = "",
                      headers: HTTPFields = [:]) async throws -> TestResponse {
            try await dav.dav("POST", "/dav/calendars/\(list)/", body: Self.registerBody(endpoint: endpoint, keys: keys, extra: extra),
                              headers: headers)
        }

        /// What DAVx5 4.5 sends: no trigger, no content-encoding, an expiry three days ahead; prefixes of its own.
        static func registerBody(endpoint: String, keys: PushBrowser, extra: String = "", expires: String? = nil) -> String {
            let p256dh = PushBrowser.base64URL(keys.key.publicKey.x963Representation)
            let expiry = expires ?? CalDAVPushTests.imfFixdate(Date().addingTimeInterval(3 * 86_400))
            return """
                <?xml version="1.0" encoding="UTF-8"?><n0:push-register xmlns:n0="https://bitfire.at/webdav-push"><n0:subscription>\
                <n0:web-push-subscription><n0:push-resource>\(endpoint)</n0:push-resource>\
                <n0:subscription-public-key type="p256dh">\(p256dh)</n0:subscription-public-key>\
                <n0:auth-secret>\(PushBrowser.base64URL(keys.auth))</n0:auth-secret></n0:web-push-subscription></n0:subscription>\
                \(extra)<n0:expires>\(expiry)</n0:expires></n0:push-register>
                """
        }

        /// The pushes that reached `path`, decrypted.
        func messages(to path: String, keys: PushBrowser) throws -> [String] {
            try receiver.requests.filter { $0.path == path }.map { String(decoding: try keys.decrypt($0.body), as: UTF8.self) }
        }

        func syncToken(_ list: String = "reminders") async throws -> String {
            let found = try await dav.dav("PROPFIND", "/dav/calendars/\(list)/", body: CalDAVTests.propfind("<d:sync-token/>"),
                                          headers: [HTTPField.Name("Depth")!: "0"])
            return try #require(CalDAVTests.value("sync-token", in: found.text))
        }
    }

    static func imfFixdate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func withPushApp(_ body: @escaping @Sendable (PushApp) async throws -> Void) async throws {
        try await PushDeliveryTests.withPushServer { server, receiver, base in
            let app = try await CalDAVTests.App.make(server.client)
            try await body(PushApp(dav: app, receiver: receiver, base: base, server: server))
        }
    }

    static func waitForPushes(_ app: PushApp, to path: String, count: Int) async throws {
        #expect(try await eventually { app.receiver.requests.filter { $0.path == path }.count >= count },
                "expected \(count) pushes to \(path), got \(app.receiver.requests.filter { $0.path == path }.count)")
        try await Task.sleep(for: .milliseconds(300))  // and no more than that arrive
    }

    static func text(_ tag: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(tag)>"), let close = xml.range(of: "</\(tag)>", range: open.upperBound..<xml.endIndex) else { return nil }
        return String(xml[open.upperBound..<close.lowerBound])
    }

    @Test func listsAdvertisePushWithTheInstallationsKeyAndATopicEach() async throws {
        try await Self.withPushApp { app in
            let options = try await app.dav.dav("OPTIONS", "/dav/calendars/reminders/")
            #expect(options.headers[HTTPField.Name("DAV")!]?.contains("webdav-push") == true)
            #expect(try await app.dav.dav("MKCALENDAR", "/dav/calendars/shopping/").status == .created)
            // DAVx5's service detection: the home, depth 1, asking transports and topic.
            let found = try await app.dav.dav("PROPFIND", "/dav/calendars/", body: """
                <?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:P="https://bitfire.at/webdav-push"><d:prop>\
                <P:transports/><P:topic/><P:supported-triggers/></d:prop></d:propfind>
                """, headers: [HTTPField.Name("Depth")!: "1"])
            #expect(found.status.code == 207)
            let key = try #require(try await app.server.client.json(.get, "/api/v1/push/key", token: app.dav.token).object["publicKey"] as? String)
            #expect(found.text.components(separatedBy: #"<P:vapid-public-key type="p256ecdsa">\#(key)</P:vapid-public-key>"#).count == 3)
            let topics = found.text.components(separatedBy: "<P:topic>").dropFirst().map { $0.prefix { $0 != "<" } }
            #expect(topics.count == 2 && Set(topics).count == 2 && topics.allSatisfy { $0.count == 22 })
            #expect(found.text.contains("<P:content-update><d:depth>1</d:depth></P:content-update>"))
        }
    }

    @Test func aRegisteredAppGetsOnePushPerChangeFromEveryPathThatDecryptsToTheTopicAndSyncToken() async throws {
        try await Self.withPushApp { app in
            let keys = PushBrowser()
            let registered = try await app.register(endpoint: "\(app.base)/push/davx5", keys: keys)
            #expect(registered.status == .noContent, "\(registered.text)")
            let location = try #require(registered.headers[.location])
            #expect(location.hasPrefix("http") && location.contains("/dav/push/"), "\(location)")
            let expires = try #require(registered.headers[.expires])
            #expect(expires.hasSuffix(" GMT"))
            #expect(app.receiver.requests.isEmpty, "registering is not a change")

            // The Spots API.
            let made = try await app.server.client.createReminder(#"{"title":"Buy milk","due":"2031-03-01T09:00:00Z"}"#, token: app.dav.token)
            try await Self.waitForPushes(app, to: "/push/davx5", count: 1)
            var messages = try app.messages(to: "/push/davx5", keys: keys)
            #expect(messages.count == 1)
            let topic = try #require(Self.text("P:topic", in: messages[0]))
            #expect(Self.text("D:sync-token", in: messages[0]) == (try await app.syncToken()))
            let push = try #require(app.receiver.requests.last)
            #expect(push.headers["content-type"] == #"application/xml; charset="UTF-8""#)
            #expect(push.headers["content-encoding"] == "aes128gcm")
            #expect(push.headers["topic"] != nil && push.headers["topic"] != topic, "the Topic header is not the topic itself")
            #expect(push.headers["authorization"]?.hasPrefix("vapid t=") == true)

            // A repeat moving on when checked off, an import and a deletion: one push each.
            let series = try await app.server.client.createReminder(
                #"{"title":"Gym","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=WEEKLY;BYDAY=MO,WE","timeZone":"Europe/Amsterdam"}"#,
                token: app.dav.token)
            try await Self.waitForPushes(app, to: "/push/davx5", count: 2)
            #expect(try await app.server.client.json(.post, "/api/v1/spots/reminders/\(try #require(series["id"] as? String))/complete",
                                                     token: app.dav.token).status == .ok)
            try await Self.waitForPushes(app, to: "/push/davx5", count: 3)
            let ics = CalDAVTests.todo("imported-\(UUID().uuidString)", "From a file")
            #expect(try await app.server.client.execute(uri: "/api/v1/spots/import", method: .post,
                                                        headers: [.authorization: "Bearer \(app.dav.token)", .contentType: "text/calendar"],
                                                        body: ByteBuffer(string: ics)).status == .ok)
            try await Self.waitForPushes(app, to: "/push/davx5", count: 4)
            #expect(try await app.server.client.json(.delete, "/api/v1/spots/reminders/\(try #require(made["id"] as? String))",
                                                     token: app.dav.token).status == .noContent)
            try await Self.waitForPushes(app, to: "/push/davx5", count: 5)
            messages = try app.messages(to: "/push/davx5", keys: keys)
            #expect(messages.count == 5)
            #expect(messages.allSatisfy { Self.text("P:topic", in: $0) == topic })
            #expect(Self.text("D:sync-token", in: messages.last!) == (try await app.syncToken()))
        }
    }

    @Test func anAppsOwnWriteIsNotPushedBackToItButReachesTheOthers() async throws {
        try await Self.withPushApp { app in
            let phone = PushBrowser(), tablet = PushBrowser()
            let own = try #require(try await app.register(endpoint: "\(app.base)/push/phone", keys: phone).headers[.location])
            #expect(try await app.register(endpoint: "\(app.base)/push/tablet", keys: tablet).status == .noContent)
            let written = try await app.dav.put("/dav/calendars/reminders/walk.ics", CalDAVTests.todo("walk-\(UUID().uuidString)", "Walk"),
                                                [HTTPField.Name("Push-Dont-Notify")!: "\"\(own)\""])
            #expect(written.status == .created)
            try await Self.waitForPushes(app, to: "/push/tablet", count: 1)
            #expect(app.receiver.requests.filter { $0.path == "/push/phone" }.isEmpty)
            // `*`: nobody hears of it.
            let quiet = try await app.dav.put("/dav/calendars/reminders/run.ics", CalDAVTests.todo("run-\(UUID().uuidString)", "Run"),
                                              [HTTPField.Name("Push-Dont-Notify")!: "*"])
            #expect(quiet.status == .created)
            try await Task.sleep(for: .milliseconds(500))
            #expect(app.receiver.requests.count == 1)
        }
    }

    @Test func renewingKeepsTheRegistrationAndDeletingEndsIt() async throws {
        try await Self.withPushApp { app in
            let keys = PushBrowser()
            let first = try #require(try await app.register(endpoint: "\(app.base)/push/renew", keys: keys).headers[.location])
            let again = try #require(try await app.register(endpoint: "\(app.base)/push/renew", keys: keys).headers[.location])
            #expect(first == again, "the same push resource on the same list is one registration")
            _ = try await app.server.client.createReminder(#"{"title":"One"}"#, token: app.dav.token)
            try await Self.waitForPushes(app, to: "/push/renew", count: 1)
            #expect(app.receiver.requests.count == 1)

            let path = try #require(URL(string: first)?.path)
            #expect(try await app.dav.dav("DELETE", path).status == .noContent)
            #expect(try await app.dav.dav("DELETE", path).status == .notFound)
            _ = try await app.server.client.createReminder(#"{"title":"Two"}"#, token: app.dav.token)
            try await Task.sleep(for: .milliseconds(500))
            #expect(app.receiver.requests.count == 1)
        }
    }

    @Test func aRenameIsAPropertyUpdateAndADeletedListSaysSoOnceWithoutAToken() async throws {
        try await Self.withPushApp { app in
            let keys = PushBrowser()
            #expect(try await app.dav.dav("MKCALENDAR", "/dav/calendars/errands/").status == .created)
            let trigger = "<n0:trigger><n0:content-update><d:depth xmlns:d=\"DAV:\">1</d:depth></n0:content-update>"
                + "<n0:property-update><d:depth xmlns:d=\"DAV:\">0</d:depth></n0:property-update></n0:trigger>"
            #expect(try await app.register(list: "errands", endpoint: "\(app.base)/push/errands", keys: keys, extra: trigger).status == .noContent)
            let renamed = try await app.dav.dav("PROPPATCH", "/dav/calendars/errands/", body: """
                <?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Errands</d:displayname></d:prop></d:set></d:propertyupdate>
                """)
            #expect(renamed.status.code == 207)
            try await Self.waitForPushes(app, to: "/push/errands", count: 1)
            #expect(try app.messages(to: "/push/errands", keys: keys).first?.contains("<P:property-update/>") == true)

            #expect(try await app.dav.dav("DELETE", "/dav/calendars/errands/").status == .noContent)
            _ = try await app.server.client.createReminder(#"{"title":"Elsewhere"}"#, token: app.dav.token)  // any later write
            try await Self.waitForPushes(app, to: "/push/errands", count: 2)
            let last = try #require(try app.messages(to: "/push/errands", keys: keys).last)
            #expect(last.contains("<P:content-update/>") && !last.contains("sync-token"), "\(last)")
            _ = try await app.server.client.createReminder(#"{"title":"Later"}"#, token: app.dav.token)
            try await Task.sleep(for: .milliseconds(500))
            #expect(app.receiver.requests.count == 2, "a deleted list's registration is gone")
        }
    }

    @Test func aSubscriptionThePushServiceForgotOrTheAppPasswordsRemovalEndsIt() async throws {
        try await Self.withPushApp { app in
            let gone = PushBrowser(), kept = PushBrowser()
            let goneLocation = try #require(try await app.register(endpoint: "\(app.base)/push/gone", keys: gone).headers[.location])
            app.receiver.answer([410])
            _ = try await app.server.client.createReminder(#"{"title":"One"}"#, token: app.dav.token)
            try await Self.waitForPushes(app, to: "/push/gone", count: 1)
            #expect(try await app.dav.dav("DELETE", try #require(URL(string: goneLocation)?.path)).status == .notFound,
                    "a 410 from the push service removed the registration")

            // The app password's removal takes its registrations with it.
            let again = try await app.register(endpoint: "\(app.base)/push/after", keys: kept)
            #expect(again.status == .noContent)
            let devices = try await app.server.client.json(.get, "/api/v1/devices", token: app.dav.token)
            let calendar = try #require(devices.array.first { $0["role"] as? String == "calendar" }?["id"] as? String)
            #expect(try await app.server.client.json(.delete, "/api/v1/devices/\(calendar)", token: app.dav.token).status == .noContent)
            let before = app.receiver.requests.count
            _ = try await app.server.client.createReminder(#"{"title":"Two"}"#, token: app.dav.token)
            try await Task.sleep(for: .milliseconds(600))
            #expect(app.receiver.requests.count == before)
        }
    }

    @Test func registrationsThatCouldNeverBePushedToAreRefusedWithTheDraftsPreconditions() async throws {
        try await Self.withPushApp { app in
            let keys = PushBrowser()
            // A key that is not a point on P-256.
            var body = PushApp.registerBody(endpoint: "\(app.base)/push/x", keys: keys)
            let p256dh = PushBrowser.base64URL(keys.key.publicKey.x963Representation)
            body = body.replacingOccurrences(of: p256dh, with: PushBrowser.base64URL(Data([4] + [UInt8](repeating: 7, count: 64))))
            var refused = try await app.dav.dav("POST", "/dav/calendars/reminders/", body: body)
            #expect(refused.status == .forbidden && refused.text.contains("invalid-subscription") && refused.text.contains("P-256"), "\(refused.text)")
            // No push resource.
            refused = try await app.dav.dav("POST", "/dav/calendars/reminders/", body: PushApp.registerBody(endpoint: "", keys: keys))
            #expect(refused.status == .forbidden && refused.text.contains("push-resource"))
            // A trigger that asks for nothing.
            refused = try await app.register(endpoint: "\(app.base)/push/x", keys: keys, extra: "<n0:trigger/>")
            #expect(refused.status == .forbidden && refused.text.contains("no-supported-trigger"))
            // Not a push-register; not a list; not signed in.
            refused = try await app.dav.dav("POST", "/dav/calendars/reminders/", body: "<a/>")
            #expect(refused.status == .badRequest)
            refused = try await app.dav.dav("POST", "/dav/calendars/", body: PushApp.registerBody(endpoint: "\(app.base)/push/x", keys: keys))
            #expect(refused.status == .forbidden && refused.text.contains("push-not-available"))
            let anonymous = try await app.server.client.execute(uri: "/dav/calendars/reminders/", method: .post, headers: [:],
                                                                body: ByteBuffer(string: PushApp.registerBody(endpoint: "\(app.base)/push/x", keys: keys)))
            #expect(anonymous.status == .unauthorized)
            #expect(try await app.dav.dav("DELETE", "/dav/push/no-such-registration").status == .notFound)
        }
    }
}

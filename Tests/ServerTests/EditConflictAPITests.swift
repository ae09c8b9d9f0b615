import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 35, item 8: two edits from the same read both succeeded, and the first one's notes were gone; a bogus
/// `If-Match` was accepted. Now every reminder answers an `ETag`, and an edit sent with a stale one is refused 412
/// (`changed_since_read`) — also when four devices send theirs at the same moment: exactly one wins.
@Suite(.timeLimit(.minutes(5))) struct EditConflictAPITests {
    @Test func aReminderEditFromAStaleReadIsRefused() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("etag"))
            let made = try await client.createReminder(#"{"title":"Pack","notes":""}"#, token: token)
            let id = try #require(made["id"] as? String)
            let read = try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token)
            let etag = try #require(read.headers[.eTag])
            #expect(read.object["etag"] as? String == etag)

            let phone = try await client.json(.put, "/api/v1/spots/reminders/\(id)", body: #"{"title":"Pack","notes":"Passport"}"#,
                                              token: token, headers: [.ifMatch: etag])
            #expect(phone.status == .ok, "\(phone.text)")
            let newer = try #require(phone.headers[.eTag])
            #expect(newer != etag)
            let laptop = try await client.json(.put, "/api/v1/spots/reminders/\(id)", body: #"{"title":"Pack","notes":"Charger"}"#,
                                               token: token, headers: [.ifMatch: etag])
            #expect(laptop.status == .preconditionFailed)
            #expect(laptop.errorCode == "changed_since_read")
            #expect(try await client.json(.put, "/api/v1/spots/reminders/\(id)", body: #"{"title":"Pack"}"#, token: token,
                                          headers: [.ifMatch: #""bogus""#]).status == .preconditionFailed)
            let kept = try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token)
            #expect(kept.object["notes"] as? String == "Passport", "the first device's change stays")
            // Without If-Match an edit still goes through (programs that do not read first), as before.
            #expect(try await client.json(.put, "/api/v1/spots/reminders/\(id)", body: #"{"title":"Pack","notes":"Both"}"#,
                                          token: token).status == .ok)
        }
    }

    @Test func fourRacingEditsFromOneReadLeaveExactlyOneWinner() async throws {
        try await withTestServer(live: true) { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("race"))
            let made = try await client.createReminder(#"{"title":"Race"}"#, token: token)
            let id = try #require(made["id"] as? String)
            let etag = try #require(try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).headers[.eTag])
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for n in 0..<4 {
                    group.addTask {
                        try await client.json(.put, "/api/v1/spots/reminders/\(id)", body: #"{"title":"Race","notes":"device \#(n)"}"#,
                                              token: token, headers: [.ifMatch: etag]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .preconditionFailed }.count == 3, "\(statuses)")
        }
    }

    @Test func aTalkEditFromAStaleReadIsRefusedAndRacingEditsLeaveOneWinner() async throws {
        try await withTestServer(live: true) { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("cues"))
            let created = try await client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token)
            let id = try #require(created.object["id"] as? String)
            let read = try await client.json(.get, "/api/v1/talks/topics/\(id)", token: token)
            let etag = try #require(read.headers[.eTag])
            #expect(read.object["etag"] as? String == etag)
            func edit(_ keyword: String, _ tag: String) async throws -> TestResponse {
                try await client.json(.put, "/api/v1/talks/topics/\(id)",
                                      body: #"{"title":"Demo","duration":"2:00","cues":[{"keyword":"\#(keyword)","time":0}]}"#,
                                      token: token, headers: [.ifMatch: tag])
            }
            let first = try await edit("Welcome", etag)
            #expect(first.status == .ok, "\(first.text)")
            let stale = try await edit("Hello", etag)
            #expect(stale.status == .preconditionFailed && stale.errorCode == "changed_since_read")
            let current = try #require(first.headers[.eTag])
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for n in 0..<4 { group.addTask { try await edit("Device \(n)", current).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1 && statuses.filter { $0 == .preconditionFailed }.count == 3, "\(statuses)")
        }
    }

    /// The pages: two devices open the same talk; the phone saves a cue, then the laptop saves the same cue from its
    /// older page. The laptop is told, its typing kept, and the phone's change stays; a cue added meanwhile from an
    /// older page still goes in, beside the other change.
    @Test func aTalkPageEditFromAnOlderPageIsRefusedAndAnAddedCueStillGoesIn() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("pages"))
            let created = try await server.client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token)
            let topic = try #require(created.object["id"] as? String).lowercased()
            let version = try #require(created.object["etag"] as? String)
            let cue = try #require((created.object["cues"] as? [[String: Any]])?.first { $0["keyword"] as? String == "Method" }?["id"] as? String)
                .lowercased()
            let csrf = try await PagesTests.csrf(server)
            let cookies = "cadence_session=\(token); cadence_csrf=\(csrf)"
            func post(_ path: String, _ fields: [String: String]) async throws -> TestResponse {
                try await PagesTests.postForm(server, "/phone/talks/\(topic)" + path, fields.merging(["_csrf": csrf]) { $1 }, cookies: cookies)
            }
            let phone = try await post("/cues/\(cue)", ["keyword": "Results", "time": "0:40", "version": version])
            #expect(phone.status == .seeOther || phone.status == .found, "\(phone.status)")
            let laptop = try await post("/cues/\(cue)", ["keyword": "Methods", "time": "0:45", "version": version])
            #expect(laptop.status == .ok)
            #expect(laptop.text.contains("changed on another device"), "\(laptop.text)")
            #expect(laptop.text.contains(#"value="Methods""#), "what the laptop typed is kept")
            let added = try await post("/cues", ["keyword": "Thanks", "time": "1:50"])
            #expect(added.status == .seeOther || added.status == .found)
            let saved = try await server.client.json(.get, "/api/v1/talks/topics/\(topic)", token: token).object
            #expect((saved["cues"] as? [[String: Any]])?.map { $0["keyword"] as? String } == ["Intro", "Results", "Close", "Thanks"])
        }
    }

    /// The Spots form: opened on two devices, saved on the phone first; the laptop's save from its older form is
    /// shown again with its notes kept and the phone's notes still saved.
    @Test func aSpotsFormSavedFromAnOlderPageIsShownAgainNotSaved() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("form"))
            let made = try await server.client.createReminder(#"{"title":"Pack","notes":""}"#, token: token)
            let id = try #require(made["id"] as? String).lowercased()
            let version = try #require(made["etag"] as? String)
            let csrf = try await PagesTests.csrf(server)
            let cookies = "cadence_session=\(token); cadence_csrf=\(csrf)"
            let page = try await server.client.execute(uri: "/phone/spots/\(id)", method: .get, headers: [.cookie: cookies])
            #expect(page.text.contains(#"name="version""#), "the form carries the version it was filled from")
            func save(_ notes: String) async throws -> TestResponse {
                try await PagesTests.postForm(server, "/phone/spots/\(id)", ["_csrf": csrf, "title": "Pack", "notes": notes, "version": version],
                                              cookies: cookies)
            }
            let phone = try await save("Passport")
            #expect(phone.status == .seeOther || phone.status == .found, "\(phone.status)")
            let laptop = try await save("Charger")
            #expect(laptop.status == .ok)
            #expect(laptop.text.contains("changed on another device") && laptop.text.contains("Charger"), "\(laptop.text)")
            let saved = try await server.client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).object
            #expect(saved["notes"] as? String == "Passport")
        }
    }
}

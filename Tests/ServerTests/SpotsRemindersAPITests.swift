import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Spots reminders (`/api/v1/spots/reminders`, R1): by time, by place, or both; clear
/// errors that name the field; nothing half-saved; one account never sees another's.
@Suite(.timeLimit(.minutes(5))) struct SpotsRemindersAPITests {
    @Test func remindersAreMadeWithATimeAPlaceOrBoth() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let due = SpotsFixture.iso(server.clock.now().addingTimeInterval(3600))

            let byTime = try await client.createReminder(#"{"title":"Call mum","notes":"About Sunday","due":"\#(due)"}"#, token: token)
            #expect(byTime["title"] as? String == "Call mum")
            #expect(byTime["notes"] as? String == "About Sunday")
            #expect(byTime["due"] as? String == due)
            #expect(byTime["place"] == nil)
            #expect(byTime["completedAt"] == nil)
            #expect(byTime["firedAt"] == nil)

            let byPlace = try await client.createReminder(
                #"{"title":"  Buy milk  ","place":{"name":"Corner shop","latitude":52.52,"longitude":13.405}}"#, token: token)
            #expect(byPlace["title"] as? String == "Buy milk")
            #expect(byPlace["notes"] as? String == "")
            #expect(byPlace["due"] == nil)
            let place = try #require(byPlace["place"] as? [String: Any])
            #expect(place["name"] as? String == "Corner shop")
            #expect(place["latitude"] as? Double == 52.52)
            #expect(place["longitude"] as? Double == 13.405)
            #expect(place["radius"] as? Double == 150)  // the default
            #expect(place["trigger"] as? String == "arrive")

            let both = try await client.createReminder(
                #"{"title":"Return the book","due":"\#(due)","place":{"name":"Library","latitude":-33.87,"longitude":151.21,"radius":50000,"trigger":"leave"}}"#,
                token: token)
            #expect(both["due"] as? String == due)
            #expect((both["place"] as? [String: Any])?["radius"] as? Double == 50000)
            #expect((both["place"] as? [String: Any])?["trigger"] as? String == "leave")

            let shown = try await client.json(.get, "/api/v1/spots/reminders/\(both["id"]!)", token: token)
            #expect(shown.status == .ok)
            #expect(shown.object["title"] as? String == "Return the book")
            let list = try await client.json(.get, "/api/v1/spots/reminders", token: token)
            #expect(list.status == .ok)
            #expect(Set(list.array.compactMap { $0["id"] as? String })
                    == Set([byTime, byPlace, both].compactMap { $0["id"] as? String }))
        }
    }

    @Test(arguments: [
        (#"{"title":"","due":"2030-01-01T09:00:00Z"}"#, "title"),
        (#"{"title":"   ","due":"2030-01-01T09:00:00Z"}"#, "title"),
        (#"{"due":"2030-01-01T09:00:00Z"}"#, "title"),
        (#"{"title":"North of north","place":{"name":"Nowhere","latitude":91,"longitude":0}}"#, "place.latitude"),
        (#"{"title":"West of west","place":{"name":"Nowhere","latitude":0,"longitude":-180.5}}"#, "place.longitude"),
        (#"{"title":"Tiny","place":{"name":"Desk","latitude":1,"longitude":1,"radius":10}}"#, "place.radius"),
        (#"{"title":"Huge","place":{"name":"Europe","latitude":1,"longitude":1,"radius":100000}}"#, "place.radius"),
        (#"{"title":"Negative","place":{"name":"Hole","latitude":1,"longitude":1,"radius":-150}}"#, "place.radius"),
        (#"{"title":"Which way","place":{"name":"Door","latitude":1,"longitude":1,"trigger":"sideways"}}"#, "place.trigger"),
        (#"{"title":"Unnamed","place":{"name":" ","latitude":1,"longitude":1}}"#, "place.name"),
        (#"{"title":"No latitude","place":{"name":"Somewhere","longitude":1}}"#, "place.latitude"),
    ])
    func aBadReminderIsRefusedNamingTheFieldAndNothingIsSaved(body: String, field: String) async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let kept = try await client.createReminder(#"{"title":"Kept","due":"2030-01-01T09:00:00Z"}"#, token: token)
            let before = try await client.json(.get, "/api/v1/spots/reminders", token: token).text

            let refused = try await client.json(.post, "/api/v1/spots/reminders", body: body, token: token)
            #expect(refused.status == .badRequest, "\(body) → \(refused.text)")
            #expect(refused.errorField == field, "\(body) → \(refused.text)")
            #expect(refused.errorMessage?.isEmpty == false)

            // The same body as an edit is refused the same way and leaves the reminder as it was.
            let edit = try await client.json(.put, "/api/v1/spots/reminders/\(kept["id"]!)", body: body, token: token)
            #expect(edit.status == .badRequest)
            #expect(edit.errorField == field)
            #expect(try await client.json(.get, "/api/v1/spots/reminders", token: token).text == before)
        }
    }

    /// A due time that is not ISO 8601 is refused naming `due` (Foundation's own date decoding
    /// loses the field's path, so the controller parses it), and nothing is saved.
    @Test func aDueTimeThatIsNotADateIsRefusedNamingDue() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("spots"))
            let refused = try await server.client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"Bad date","due":"tomorrow"}"#, token: token)
            #expect(refused.status == .badRequest)
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders", token: token).array.isEmpty)
            #expect(refused.errorField == "due", "\(refused.text)")
        }
    }

    @Test func notJSONIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("spots"))
            let broken = try await server.client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"#, token: token)
            #expect(broken.status == .badRequest)
            let form = try await server.client.upload(.post, "/api/v1/spots/reminders", body: ByteBuffer(string: "title=x"),
                                                      contentType: "application/x-www-form-urlencoded", authorization: "Bearer \(token)")
            #expect(form.status == .unsupportedMediaType)
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders", token: token).array.isEmpty)
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders").status == .unauthorized)
        }
    }

    @Test func editCompleteReopenAndDelete() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let created = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Water plants", name: "Home", latitude: 48.85, longitude: 2.35), token: token)
            let id = try #require(created["id"] as? String)
            let fence = try #require(created["place"] as? [String: Any])

            let due = SpotsFixture.iso(server.clock.now().addingTimeInterval(7200))
            let edited = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                body: #"{"title":"Water the plants","notes":"The fern too","due":"\#(due)","place":{"name":"Home","latitude":48.85,"longitude":2.35,"radius":300}}"#,
                token: token)
            #expect(edited.status == .ok)
            #expect(edited.object["id"] as? String == id)
            #expect(edited.object["title"] as? String == "Water the plants")
            #expect(edited.object["due"] as? String == due)
            #expect((edited.object["place"] as? [String: Any])?["radius"] as? Double == 300)
            #expect(fence["radius"] as? Double == 150)

            let done = try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token)
            #expect(done.status == .ok)
            let completedAt = try #require(done.object["completedAt"] as? String)
            #expect(SpotsFixture.date(completedAt) == server.clock.now())
            // Completing twice keeps the first time; an edit keeps it too.
            server.clock.advance(by: 60)
            #expect(try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token).object["completedAt"] as? String == completedAt)
            let editedDone = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                body: #"{"title":"Water the plants","due":"\#(due)"}"#, token: token)
            #expect(editedDone.object["completedAt"] as? String == completedAt)
            #expect(editedDone.object["place"] == nil)

            let reopened = try await client.json(.post, "/api/v1/spots/reminders/\(id)/reopen", token: token)
            #expect(reopened.status == .ok)
            #expect(reopened.object["completedAt"] == nil)

            #expect(try await client.json(.delete, "/api/v1/spots/reminders/\(id)", token: token).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/spots/reminders/\(id)", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/spots/reminders/\(id)/events", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/spots/reminders", token: token).array.isEmpty)
            // Ids that are not UUIDs name nothing.
            #expect(try await client.json(.get, "/api/v1/spots/reminders/not-a-uuid", token: token).status == .notFound)
        }
    }

    @Test func theListShowsOpenRemindersByDueTimeThenDoneOnes() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let now = server.clock.now()
            let later = try await client.createReminder(#"{"title":"Later","due":"\#(SpotsFixture.iso(now.addingTimeInterval(7200)))"}"#, token: token)
            _ = try await client.createReminder(SpotsFixture.placeReminder(title: "Somewhere", name: "Park", latitude: 1, longitude: 1), token: token)
            _ = try await client.createReminder(#"{"title":"Sooner","due":"\#(SpotsFixture.iso(now.addingTimeInterval(600)))"}"#, token: token)
            _ = try await client.json(.post, "/api/v1/spots/reminders/\(later["id"]!)/complete", token: token)
            let titles = try await client.json(.get, "/api/v1/spots/reminders", token: token).array.compactMap { $0["title"] as? String }
            #expect(titles == ["Sooner", "Somewhere", "Later"])
        }
    }

    @Test func anotherAccountCannotSeeOrTouchAReminder() async throws {
        try await withTestServer { server in
            let client = server.client
            let ann = try await client.register(email: uniqueEmail("ann"))
            let bob = try await client.register(email: uniqueEmail("bob"))
            let reminder = try await client.createReminder(#"{"title":"Ann's","due":"2030-01-01T09:00:00Z"}"#, token: ann)
            let id = try #require(reminder["id"] as? String)
            let path = "/api/v1/spots/reminders/\(id)"

            #expect(try await client.json(.get, path, token: bob).status == .notFound)
            #expect(try await client.json(.put, path, body: #"{"title":"Bob's now","due":"2030-01-01T09:00:00Z"}"#, token: bob).status == .notFound)
            #expect(try await client.json(.delete, path, token: bob).status == .notFound)
            #expect(try await client.json(.post, path + "/complete", token: bob).status == .notFound)
            #expect(try await client.json(.post, path + "/reopen", token: bob).status == .notFound)
            #expect(try await client.json(.get, path + "/events", token: bob).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/spots/reminders", token: bob).array.isEmpty)

            let still = try await client.json(.get, path, token: ann)
            #expect(still.status == .ok)
            #expect(still.object["title"] as? String == "Ann's")
            #expect(still.object["completedAt"] == nil)
        }
    }

    /// "Snooze 10 min" from an alert: due again ten minutes from now, open again; a place reminder gains the time.
    @Test func aSnoozedReminderIsDueAgainInTenMinutesAndOpen() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("snooze"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Post the letter", name: "Post office", latitude: 48.85, longitude: 2.35), token: token)
            let id = try #require(reminder["id"] as? String)
            #expect(try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token).status == .ok)
            let snoozed = try await client.json(.post, "/api/v1/spots/reminders/\(id)/snooze", token: token)
            #expect(snoozed.status == .ok)
            #expect(SpotsFixture.date(snoozed.object["due"]) == server.clock.now().addingTimeInterval(600))
            #expect(snoozed.object["completedAt"] == nil)
            #expect((snoozed.object["place"] as? [String: Any])?["name"] as? String == "Post office")
            let longer = try await client.json(.post, "/api/v1/spots/reminders/\(id)/snooze", body: #"{"minutes":60}"#, token: token)
            #expect(SpotsFixture.date(longer.object["due"]) == server.clock.now().addingTimeInterval(3600))
            for body in [#"{"minutes":0}"#, #"{"minutes":null}"#, #"{"minutes":"ten"}"#, #"{"minutes":{"a":1},"pad":"\#(String(repeating: "x", count: 4000))"}"#, "[1]"] {
                let refused = try await client.json(.post, "/api/v1/spots/reminders/\(id)/snooze", body: body, token: token)
                #expect(refused.status == .badRequest, "\(body): \(refused.text)")
                #expect(refused.text.contains("minutes") || body == "[1]", "\(refused.text)")
            }
        }
    }
}
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Place and time decisions (and the positions in them) older than the location retention are deleted by the
/// scheduler of a running server; newer ones stay, and the reminder page says how far back its log goes.
@Suite(.timeLimit(.minutes(5))) struct SpotsRetentionTests {
    @Test func decisionsPastTheRetentionAreForgotten() async throws {
        try await withRestartableServer(privateDatabase: true) { start in
            let box = try await Self.box { (keep: @escaping @Sendable ((String, String)) -> Void) in
                try await start(false) { server in
                    let client = server.client
                    let email = uniqueEmail("retention")
                    var token = try await client.register(email: email)
                    let reminder = try await client.createReminder(
                        SpotsFixture.placeReminder(title: "Gym", name: "Gym", latitude: 52.52, longitude: 13.405, trigger: "arrive"), token: token)
                    let id = try #require(reminder["id"] as? String)
                    let arrived = try await client.json(.post, "/api/v1/spots/locations",
                                                        body: SpotsFixture.reports([(52.52, 13.405, 10, server.clock.now())]), token: token)
                    #expect(arrived.object["fired"] as? Int == 1, "\(arrived.status) \(arrived.text)")
                    server.clock.advance(by: 31 * 86400)
                    // A month idle ends the session too: sign in again.
                    token = try #require(try await client.login(email: email, password: "correct horse battery").object["token"] as? String)
                    _ = try await client.json(.post, "/api/v1/spots/locations",
                                              body: SpotsFixture.reports([(52.52, 13.405, 10, server.clock.now())]), token: token)
                    let listed = try await client.json(.get, "/api/v1/spots/reminders/\(id)/events", token: token)
                    #expect(listed.array.count == 2, "an arrival a month ago and one now (another session, another device): \(listed.status) \(listed.text)")
                    keep((token, id))
                }
            }
            let (token, id) = box
            try await start(true) { server in
                let client = server.client
                let deadline = ContinuousClock.now + .seconds(20)
                var events: [[String: Any]] = []
                repeat {
                    events = try await client.json(.get, "/api/v1/spots/reminders/\(id)/events", token: token).array
                    if events.count == 1 { break }
                    try await Task.sleep(for: .milliseconds(100))
                } while ContinuousClock.now < deadline
                #expect(events.count == 1, "only the recent decision is kept: \(events)")
                let page = try await client.json(.get, "/phone/spots/\(id)", token: token, headers: [.accept: "text/html"])
                #expect(page.text.contains("The last 30 days"), "\(page.status) \(page.text.prefix(300))")
            }
        }
    }

    static func box<T: Sendable>(_ body: (@escaping @Sendable (T) -> Void) async throws -> Void) async throws -> T {
        try await TempoRestartTests.box(body)
    }
}

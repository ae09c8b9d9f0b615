import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Server
import Storage
import Testing

/// Time alerts (R4): the scheduler sends each due reminder exactly once, an edit that moves the
/// due time arms it again, and what fell due while the server was down goes out on start, late.
///
/// The scheduler fires every account's due reminders by its own clock, and on PostgreSQL all tests
/// share one database, so these run one at a time and move their clocks by less than the 30 s after
/// which a live server's housekeeping would consider other tests' servers gone.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SpotsTimeAlertTests {
    @Test func aDueReminderFiresExactlyOnceAndAnEditReArmsIt() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(120) {
            let client = server.client
            let account = try await LiveAccount.make(client)
            let token = account.personToken
            let due = server.clock.now().addingTimeInterval(2)
            let reminder = try await client.createReminder(#"{"title":"Stand-up","due":"\#(SpotsFixture.iso(due))"}"#, token: token)
            let id = try #require(reminder["id"] as? String)

            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: token)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                // Not yet due: a few scheduler rounds pass and nothing fires.
                try await Task.sleep(for: .milliseconds(1200))
                #expect(try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).object["firedAt"] == nil)

                server.clock.advance(by: 3)
                let alert = try await reader.next(ofType: "spots.alert")
                #expect(alert.data["kind"] as? String == "time")
                #expect(alert.data["title"] as? String == "Stand-up")
                #expect(alert.data["late"] as? Bool == false)
                #expect((alert.data["due"] as? Int).map { Int64($0) } == Int64(due.timeIntervalSince1970 * 1000))

                // More rounds of the scheduler (and more time) send nothing more.
                try await Task.sleep(for: .milliseconds(1500))
                server.clock.advance(by: 5)
                try await Task.sleep(for: .milliseconds(1500))
                #expect(try await account.find(client).status == .accepted)
                #expect(try await reader.types(before: "device.find").contains("spots.alert") == false)

                let fired = try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).object
                #expect(SpotsFixture.date(fired["firedAt"]) != nil)

                // Moving the due time arms it again; it fires once more at the new time.
                let newDue = server.clock.now().addingTimeInterval(5)
                let edited = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                    body: #"{"title":"Stand-up, moved","due":"\#(SpotsFixture.iso(newDue))"}"#, token: token)
                #expect(edited.status == .ok)
                #expect(edited.object["firedAt"] == nil)
                // An edit that keeps the due time does not re-arm it.
                server.clock.advance(by: 6)
                let second = try await reader.next(ofType: "spots.alert")
                #expect(second.data["kind"] as? String == "time")
                #expect(second.data["title"] as? String == "Stand-up, moved")
                let kept = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                    body: #"{"title":"Stand-up, renamed","due":"\#(SpotsFixture.iso(newDue))"}"#, token: token)
                #expect(kept.object["firedAt"] != nil)
                try await Task.sleep(for: .milliseconds(1500))
                #expect(try await account.find(client).status == .accepted)
                #expect(try await reader.types(before: "device.find").contains("spots.alert") == false)
                try await outbound.close(.normalClosure, reason: nil)
            }

            let events = try await client.spotsEvents(id, token: token)
            #expect(events.count == 2)
            #expect(events.allSatisfy { $0["kind"] as? String == "time" && $0["fired"] as? Bool == true && $0["late"] as? Bool == false })
            #expect(events.allSatisfy { $0["device"] as? String == "Cadence" })
        } }
    }

    @Test func completedAndPlaceOnlyRemindersNeverFireByTime() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(180) {
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let due = SpotsFixture.iso(server.clock.now().addingTimeInterval(1))
            let done = try await client.createReminder(#"{"title":"Done","due":"\#(due)"}"#, token: token)
            _ = try await client.json(.post, "/api/v1/spots/reminders/\(done["id"]!)/complete", token: token)
            let place = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Place", name: "P", latitude: 1, longitude: 1), token: token)
            let control = try #require(try await client.createReminder(#"{"title":"Control","due":"\#(due)"}"#, token: token)["id"] as? String)
            server.clock.advance(by: 5)
            #expect(try await eventually {
                try await client.json(.get, "/api/v1/spots/reminders/\(control)", token: token).object["firedAt"] != nil
            })
            try await Task.sleep(for: .milliseconds(1000))
            #expect(try await client.spotsEvents(done["id"] as! String, token: token).isEmpty)
            #expect(try await client.spotsEvents(place["id"] as! String, token: token).isEmpty)
        } }
    }

    /// A reminder falls due while no server runs; the next server sends it at start, marked late, once.
    @Test func aReminderDueWhileTheServerWasDownFiresOnceOnStartMarkedLate() async throws {
        let (database, cleanup) = try await TestDatabase.open()
        defer { cleanup() }
        let clock = TestClock()
        let email = uniqueEmail("late")
        let password = "correct horse battery"
        // Due ten minutes before this server starts: it fell due while no server ran. (The clock
        // is not moved forward instead, so a shared PostgreSQL database's other tests are not disturbed.)
        let due = clock.now().addingTimeInterval(-600)
        let ids = IDBox()

        // The first server (its scheduler not running, as if stopped) takes the reminder.
        try await SpotsServers.run(database, clock: clock, live: false) { client in
            let token = try await client.register(email: email, password: password)
            let reminder = try await client.createReminder(#"{"title":"Take the pills","due":"\#(SpotsFixture.iso(due))"}"#, token: token)
            ids.set(reminder["id"] as? String)
        }
        clock.advance(by: 1)
        let id = try #require(ids.value)

        // The next server starts: the missed alert goes out once, late.
        try await SpotsServers.run(database, clock: clock, live: true) { client in
            try await withDeadline(180) {
                let login = try await client.login(email: email, password: password)
                let token = try #require(login.object["token"] as? String)
                #expect(try await eventually {
                    try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).object["firedAt"] != nil
                })
                // Replayed from the start, the live channel holds exactly one alert, marked late.
                try await Task.sleep(for: .milliseconds(1500))
                try await client.ws("/api/v1/live?since=0", configuration: socketConfiguration(token: token)) { inbound, outbound, _ in
                    var reader = LiveReader(inbound)
                    var alerts: [[String: Any]] = []
                    while true {
                        let message = try await reader.next()
                        if message["type"] as? String == "hello" { break }
                        if message["type"] as? String == "spots.alert" { alerts.append(message) }
                    }
                    #expect(alerts.count == 1)
                    #expect(alerts.first?.data["kind"] as? String == "time")
                    #expect(alerts.first?.data["late"] as? Bool == true)
                    try await outbound.close(.normalClosure, reason: nil)
                }
                let events = try await client.spotsEvents(id, token: token)
                #expect(events.count == 1)
                #expect(events.first?["late"] as? Bool == true)
                #expect((events.first?["reason"] as? String)?.contains("late") == true)
            }
        }
        // A third start sends nothing again.
        try await SpotsServers.run(database, clock: clock, live: true) { client in
            try await Task.sleep(for: .milliseconds(1500))
            let login = try await client.login(email: email, password: password)
            let token = try #require(login.object["token"] as? String)
            #expect(try await client.spotsEvents(id, token: token).count == 1)
        }
        try await database.shutdown()
    }

    /// Two instances on one PostgreSQL database, both running the scheduler: one alert, not two.
    @Test(.enabled(if: TestDatabase.engineUnderTest == .postgres, "needs CADENCE_TEST_POSTGRES_URL"))
    func twoInstancesSendEachAlertOnce() async throws {
        let (databaseA, _) = try await TestDatabase.open()
        let (databaseB, _) = try await TestDatabase.open()
        let clock = TestClock()
        let appA = try await SpotsServers.application(databaseA, clock: clock, live: true)
        let appB = try await SpotsServers.application(databaseB, clock: clock, live: true)
        try await appA.test(.live) { clientA in
            try await appB.test(.live) { clientB in
                try await withDeadline(120) {
                    let token = try await clientA.register(email: uniqueEmail("twice"))
                    var created: [String] = []
                    for n in 0..<10 {
                        let reminder = try await clientB.createReminder(
                            #"{"title":"Alert \#(n)","due":"\#(SpotsFixture.iso(clock.now().addingTimeInterval(1)))"}"#, token: token)
                        created.append(reminder["id"] as! String)
                    }
                    let ids = created
                    clock.advance(by: 2)
                    for id in ids {
                        #expect(try await eventually {
                            try await clientA.json(.get, "/api/v1/spots/reminders/\(id)", token: token).object["firedAt"] != nil
                        })
                    }
                    try await Task.sleep(for: .milliseconds(1500))
                    for id in ids { #expect(try await clientB.spotsEvents(id, token: token).count == 1) }
                    try await clientA.ws("/api/v1/live?since=0", configuration: socketConfiguration(token: token)) { inbound, outbound, _ in
                        var reader = LiveReader(inbound)
                        var alerts = 0
                        while true {
                            let message = try await reader.next()
                            if message["type"] as? String == "hello" { break }
                            if message["type"] as? String == "spots.alert" { alerts += 1 }
                        }
                        #expect(alerts == ids.count)
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                }
            }
        }
        try await databaseA.shutdown()
        try await databaseB.shutdown()
    }
}

final class IDBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    func set(_ value: String?) { lock.withLock { stored = value } }
    var value: String? { lock.withLock { stored } }
}

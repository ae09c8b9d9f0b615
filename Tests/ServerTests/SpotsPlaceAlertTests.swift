import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Testing

/// Place alerts (R4) from location reports: the phone page's `POST /api/v1/spots/locations`
/// and OwnTracks' `POST /api/v1/spots/owntracks`, decided with accuracy-aware hysteresis and
/// delivered as `spots.alert` on the live channel.
@Suite(.timeLimit(.minutes(5))) struct SpotsPlaceAlertTests {
    /// The Brandenburg Gate; every report below is placed relative to it.
    static let gate = (latitude: 52.516275, longitude: 13.377704)

    static func fix(_ metresNorth: Double, accuracy: Double, at: Date) -> (latitude: Double, longitude: Double, accuracy: Double, at: Date) {
        let point = SpotsFixture.north(of: gate.latitude, gate.longitude, metres: metresNorth)
        return (point.latitude, point.longitude, accuracy, at)
    }

    @Test func arrivingFiresOnceThroughJitterAndAgainAfterLeaving() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(180) {
            let client = server.client
            let account = try await LiveAccount.make(client)
            let token = account.personToken
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Meet Ann", name: "Brandenburg Gate", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude, radius: 150), token: token)
            let id = try #require(reminder["id"] as? String)
            let times = ReportTimes(from: server.clock.now())
            @Sendable func report(_ metres: Double, accuracy: Double = 20) async throws -> [String: Any] {
                let at = times.next()
                let response = try await client.json(.post, "/api/v1/spots/locations",
                    body: SpotsFixture.reports([Self.fix(metres, accuracy: accuracy, at: at)]), token: token)
                #expect(response.status == .ok, "\(response.text)")
                return response.object
            }

            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: token)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")

                // 5 km away: nothing (too far to even be a near miss).
                #expect(try await report(5000)["fired"] as? Int == 0)
                // At the gate, accuracy 20 m: the whole circle is inside, the alert goes out.
                #expect(try await report(0)["fired"] as? Int == 1)
                let alert = try await reader.next(ofType: "spots.alert")
                #expect(alert.data["reminderId"] as? String == id.uppercased() || alert.data["reminderId"] as? String == id)
                #expect(alert.data["kind"] as? String == "arrive")
                #expect(alert.data["title"] as? String == "Meet Ann")
                #expect(alert.data["placeName"] as? String == "Brandenburg Gate")
                #expect(alert.data["late"] as? Bool == false)

                // GPS jitter while there, including fixes straddling the edge: no second alert.
                for metres in [40.0, 90.0, 140.0, 160.0, 120.0, 10.0] {
                    #expect(try await report(metres)["fired"] as? Int == 0, "jitter at \(metres) m fired")
                }
                #expect(try await account.find(client).status == .accepted)  // a marker on the channel
                #expect(try await reader.types(before: "device.find").contains("spots.alert") == false)

                // Away (whole circle outside), then back: the alert is armed again and fires once more.
                #expect(try await report(400)["fired"] as? Int == 0)
                #expect(try await report(20)["fired"] as? Int == 1)
                let again = try await reader.next(ofType: "spots.alert")
                #expect(again.data["kind"] as? String == "arrive")
                try await outbound.close(.normalClosure, reason: nil)
            }

            let events = try await client.spotsEvents(id, token: token)
            #expect(events.filter { $0["fired"] as? Bool == true }.count == 2)
            let outcomes = events.compactMap { $0["outcome"] as? String }
            #expect(outcomes.contains("entered"))
            #expect(outcomes.contains("uncertain"))
            #expect(outcomes.contains("left"))
            #expect(events.allSatisfy { $0["kind"] as? String == "place" && $0["device"] as? String == "A signed-in browser" })
            // Newest first.
            let stamps = events.compactMap { SpotsFixture.date($0["at"]) }
            #expect(stamps == stamps.sorted(by: >))
            #expect(try await client.json(.get, "/api/v1/spots/reminders/\(id)", token: token).status == .ok)
        } }
    }

    @Test func aCoarseFixNearTheFenceFiresNothingAndTheEventsSayWhy() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Post the letter", name: "Post office", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude), token: token)
            let id = try #require(reminder["id"] as? String)
            let response = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(30, accuracy: 500, at: server.clock.now())]), token: token)
            #expect(response.status == .ok)
            #expect(response.object["fired"] as? Int == 0)
            #expect(response.object["decisions"] as? Int == 1)
            let events = try await client.spotsEvents(id, token: token)
            let event = try #require(events.first)
            #expect(events.count == 1)
            #expect(event["fired"] as? Bool == false)
            #expect(event["outcome"] as? String == "uncertain")
            #expect(event["accuracy"] as? Double == 500)
            #expect((event["distance"] as? Double).map { abs($0 - 30) < 1 } == true)
            #expect((event["reason"] as? String)?.lowercased().contains("accuracy") == true, "\(event)")
            #expect(SpotsFixture.date(event["at"]) == server.clock.now())
        }
    }

    @Test func anOutOfOrderReportIsIgnored() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Buy bread", name: "Bakery", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude), token: token)
            let id = try #require(reminder["id"] as? String)
            let now = server.clock.now()
            // Seen outside at 12:00; then a fix from 11:59 (inside) arrives late: it must not fire.
            #expect(try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(400, accuracy: 20, at: now)]), token: token).object["fired"] as? Int == 0)
            let stale = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(0, accuracy: 20, at: now.addingTimeInterval(-60))]), token: token)
            #expect(stale.object["fired"] as? Int == 0)
            // The same fix sent twice is a duplicate.
            let duplicate = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(400, accuracy: 20, at: now)]), token: token)
            #expect(duplicate.object["fired"] as? Int == 0)
            let outcomes = try await client.spotsEvents(id, token: token).compactMap { $0["outcome"] as? String }
            #expect(outcomes.contains("stale"))
            #expect(outcomes.contains("duplicate"))
            // A batch is decided oldest first whatever order it was sent in.
            let batch = try await client.json(.post, "/api/v1/spots/locations", body: SpotsFixture.reports([
                Self.fix(0, accuracy: 20, at: now.addingTimeInterval(120)),
                Self.fix(400, accuracy: 20, at: now.addingTimeInterval(60)),
            ]), token: token)
            #expect(batch.object["fired"] as? Int == 1)
        }
    }

    @Test func aLeaveReminderFiresOnExitOnly() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Take the keys", name: "Home", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude, radius: 150, trigger: "leave"), token: token)
            let id = try #require(reminder["id"] as? String)
            let times = ReportTimes(from: server.clock.now())
            @Sendable func fired(_ metres: Double) async throws -> Int? {
                let at = times.next()
                return try await client.json(.post, "/api/v1/spots/locations",
                    body: SpotsFixture.reports([Self.fix(metres, accuracy: 20, at: at)]), token: token).object["fired"] as? Int
            }
            #expect(try await fired(400) == 0)  // first seen outside: never "left"
            #expect(try await fired(0) == 0)    // arriving does not fire a leave reminder
            #expect(try await fired(60) == 0)
            #expect(try await fired(400) == 1)  // leaving does
            #expect(try await fired(800) == 0)  // once per exit
            #expect(try await fired(0) == 0)
            #expect(try await fired(500) == 1)  // the next exit fires again
            let events = try await client.spotsEvents(id, token: token)
            #expect(events.filter { $0["fired"] as? Bool == true }.count == 2)
        }
    }

    @Test func aCompletedOrDeletedPlaceReminderNoLongerFires() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Done already", name: "Gate", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude), token: token)
            let id = try #require(reminder["id"] as? String)
            _ = try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token)
            let response = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(0, accuracy: 20, at: server.clock.now())]), token: token)
            #expect(response.object["fired"] as? Int == 0)
            #expect(try await client.spotsEvents(id, token: token).isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"reports":[{"latitude":95,"longitude":13,"accuracy":10}]}"#, "reports[0].latitude"),
        (#"{"reports":[{"latitude":52,"longitude":13,"accuracy":10},{"latitude":52,"longitude":190,"accuracy":10}]}"#, "reports[1].longitude"),
        (#"{"reports":[{"latitude":52,"longitude":13,"accuracy":0}]}"#, "reports[0].accuracy"),
        (#"{"reports":[{"latitude":52,"longitude":13,"accuracy":-5}]}"#, "reports[0].accuracy"),
        (#"{"reports":[{"latitude":52,"longitude":13}]}"#, "reports[0].accuracy"),
        (#"{"reports":[]}"#, "reports"),
        (#"{}"#, "reports"),
    ])
    func badReportsAreRefusedNamingTheField(body: String, field: String) async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Meet", name: "Gate", latitude: 52, longitude: 13), token: token)
            let response = try await client.json(.post, "/api/v1/spots/locations", body: body, token: token)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.errorField == field, "\(response.text)")
            // Nothing of a refused batch is decided (the first report was fine and inside).
            #expect(try await client.spotsEvents(reminder["id"] as! String, token: token).isEmpty)
        }
    }

    @Test func tooManyReportsAtOnceAreRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("spots"))
            let now = server.clock.now()
            let body = SpotsFixture.reports((0..<501).map { Self.fix(0, accuracy: 20, at: now.addingTimeInterval(Double($0))) })
            let response = try await server.client.json(.post, "/api/v1/spots/locations", body: body, token: token)
            #expect(response.status == .badRequest)
            #expect(response.errorField == "reports")
        }
    }

    /// A fix stamped in the future (a phone with a wrong clock, seconds sent ×1000) would become
    /// the fence's last report time and make every true fix after it look out of order, silencing
    /// the place for that device: it is refused, and the place still fires afterwards.
    @Test func aFixStampedInTheFutureDoesNotLockThePlace() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            _ = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Gate", name: "Gate", latitude: Self.gate.latitude, longitude: Self.gate.longitude),
                token: token)
            let now = server.clock.now()
            // Arrive with a fix from the year 2100, leave and come back with correct ones.
            _ = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(0, accuracy: 20, at: Date(timeIntervalSince1970: 4_102_444_800))]), token: token)
            _ = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(600, accuracy: 20, at: now.addingTimeInterval(60))]), token: token)
            let back = try await client.json(.post, "/api/v1/spots/locations",
                body: SpotsFixture.reports([Self.fix(0, accuracy: 20, at: now.addingTimeInterval(120))]), token: token)
            #expect(back.status.code == 400 || back.object["fired"] as? Int == 1, "\(back.text)")
        }
    }

    /// Two reminders of one account may carry the same fence id (an imported file whose VTODOs
    /// share a VLOCATION UID); the fence index keys places by reminder, so both fire.
    @Test func twoImportedPlacesWithTheSameLocationUIDBothFire() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            func todo(_ uid: String, _ title: String, _ latitude: Double, _ longitude: Double) -> String {
                ["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:\(title)", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(title)",
                 "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:ARRIVE", "BEGIN:VLOCATION",
                 "UID:11111111-2222-3333-4444-555555555555", "NAME:\(title)", "URL:geo:\(latitude),\(longitude);u=150",
                 "END:VLOCATION", "END:VALARM", "END:VTODO"].joined(separator: "\r\n")
            }
            let file = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", todo("a-1", "Place A", 10, 10),
                        todo("b-2", "Place B", 20, 20), "END:VCALENDAR", ""].joined(separator: "\r\n")
            #expect(try await client.importCalendar(file, token: token).object["imported"] as? Int == 2)
            let atA = try await client.json(.post, "/api/v1/spots/locations",
                body: #"{"reports":[{"latitude":10,"longitude":10,"accuracy":10}]}"#, token: token)
            let atB = try await client.json(.post, "/api/v1/spots/locations",
                body: #"{"reports":[{"latitude":20,"longitude":20,"accuracy":10}]}"#, token: token)
            #expect(atA.object["fired"] as? Int == 1, "\(atA.text)")
            #expect(atB.object["fired"] as? Int == 1, "\(atB.text)")
        }
    }

    /// A report from the end of time once trapped the server while its decision was recorded;
    /// now such a time is refused, naming the field.
    @Test
    func aReportFromTheEndOfTimeIsRefused() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots"))
            _ = try await client.createReminder(SpotsFixture.placeReminder(title: "Z", name: "Z", latitude: 10, longitude: 10), token: token)
            let response = try await client.json(.post, "/api/v1/spots/locations",
                body: #"{"reports":[{"latitude":10,"longitude":10,"accuracy":10,"at":9223372036854775807}]}"#, token: token)
            #expect(response.status == .badRequest)
            #expect(response.errorField == "reports[0].at")
        }
    }

    // MARK: OwnTracks

    static func ownTracks(_ metresNorth: Double, accuracy: Double = 10, at: Date) -> String {
        let point = SpotsFixture.north(of: gate.latitude, gate.longitude, metres: metresNorth)
        return #"{"_type":"location","lat":\#(point.latitude),"lon":\#(point.longitude),"acc":\#(accuracy),"tst":\#(Int(at.timeIntervalSince1970)),"tid":"an","batt":80}"#
    }

    @Test func ownTracksReportsWithTheDeviceTokenAsBearerOrBasicPassword() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(180) {
            let client = server.client
            let account = try await LiveAccount.make(client)
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Pick up the parcel", name: "Gate", latitude: Self.gate.latitude,
                                           longitude: Self.gate.longitude), token: account.personToken)
            let id = try #require(reminder["id"] as? String)
            let now = server.clock.now()
            @Sendable func post(_ body: String, authorization: String, contentType: String? = "application/json") async throws -> TestResponse {
                try await client.upload(.post, "/api/v1/spots/owntracks", body: ByteBuffer(string: body), contentType: contentType,
                                        authorization: authorization)
            }

            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.personToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")

                let bearer = try await post(Self.ownTracks(0, at: now), authorization: "Bearer \(account.deviceToken)")
                #expect(bearer.status == .ok, "\(bearer.text)")
                #expect(bearer.text.replacingOccurrences(of: " ", with: "") == "[]")
                let first = try await reader.next(ofType: "spots.alert")
                #expect(first.data["kind"] as? String == "arrive")
                #expect(first.data["title"] as? String == "Pick up the parcel")

                // OwnTracks in HTTP mode sends the token as the Basic password (user name: anything).
                let basic = SpotsFixture.basic(user: "ann", password: account.deviceToken)
                let away = try await post(Self.ownTracks(600, at: now.addingTimeInterval(60)), authorization: basic)
                #expect(away.status == .ok, "\(away.text)")
                #expect(away.text.replacingOccurrences(of: " ", with: "") == "[]")
                let back = try await post(Self.ownTracks(5, at: now.addingTimeInterval(120)), authorization: basic)
                #expect(back.status == .ok)
                let second = try await reader.next(ofType: "spots.alert")
                #expect(second.data["kind"] as? String == "arrive")
                try await outbound.close(.normalClosure, reason: nil)
            }
            let events = try await client.spotsEvents(id, token: account.personToken)
            #expect(events.filter { $0["fired"] as? Bool == true }.count == 2)
            #expect(events.allSatisfy { $0["device"] as? String == "A paired device" })
        } }
    }

    @Test func ownTracksMessagesOtherThanLocationsAreAcknowledgedAndIgnored() async throws {
        try await withTestServer { server in
            let client = server.client
            let account = try await LiveAccount.make(client)
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Gate", name: "Gate", latitude: Self.gate.latitude, longitude: Self.gate.longitude),
                token: account.personToken)
            let tst = Int(server.clock.now().timeIntervalSince1970)
            for body in [
                #"{"_type":"transition","event":"enter","lat":\#(Self.gate.latitude),"lon":\#(Self.gate.longitude),"acc":10,"tst":\#(tst),"wtst":\#(tst),"desc":"Gate"}"#,
                #"{"_type":"waypoint","desc":"Gate","lat":1,"lon":1,"rad":100,"tst":\#(tst)}"#,
                #"{"_type":"lwt","tst":\#(tst)}"#,
            ] {
                let response = try await client.json(.post, "/api/v1/spots/owntracks", body: body, token: account.deviceToken)
                #expect(response.status == .ok, "\(body) → \(response.text)")
                #expect(response.text.replacingOccurrences(of: " ", with: "") == "[]")
            }
            #expect(try await client.spotsEvents(reminder["id"] as! String, token: account.personToken).isEmpty)
        }
    }

    @Test func badOwnTracksRequestsAreRefused() async throws {
        try await withTestServer { server in
            let client = server.client
            let account = try await LiveAccount.make(client)
            let reminder = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Gate", name: "Gate", latitude: Self.gate.latitude, longitude: Self.gate.longitude),
                token: account.personToken)
            let tst = Int(server.clock.now().timeIntervalSince1970)
            let good = Self.ownTracks(0, at: server.clock.now())

            for (body, field) in [
                (#"{"_type":"location","lon":13.4,"acc":10,"tst":\#(tst)}"#, "lat"),
                (#"{"_type":"location","lat":52.5,"acc":10,"tst":\#(tst)}"#, "lon"),
                (#"{"_type":"location","lat":52.5,"lon":13.4,"acc":10}"#, "tst"),
                (#"{"_type":"location","lat":91,"lon":13.4,"acc":10,"tst":\#(tst)}"#, "lat"),
                (#"{"_type":"location","lat":52.5,"lon":181,"acc":10,"tst":\#(tst)}"#, "lon"),
                (#"{"_type":"location","lat":52.5,"lon":13.4,"acc":-1,"tst":\#(tst)}"#, "acc"),
                (#"{"_type":"location","lat":"north","lon":13.4,"acc":10,"tst":\#(tst)}"#, "lat"),
                (#"{"lat":52.5,"lon":13.4,"acc":10,"tst":\#(tst)}"#, "_type"),
            ] {
                let response = try await client.json(.post, "/api/v1/spots/owntracks", body: body, token: account.deviceToken)
                #expect(response.status == .badRequest, "\(body) → \(response.text)")
                #expect(response.errorField == field, "\(body) → \(response.text)")
            }
            let broken = try await client.json(.post, "/api/v1/spots/owntracks", body: #"{"_type":"location","lat":"#,
                                               token: account.deviceToken)
            #expect(broken.status == .badRequest)
            #expect(broken.errorCode == "invalid_json")

            // A person's session token is not a device: OwnTracks must be paired.
            let person = try await client.json(.post, "/api/v1/spots/owntracks", body: good, token: account.personToken)
            #expect(person.status == .unauthorized)
            #expect(person.errorCode == "device_required")
            // Basic with a password that is not a device token, an unknown device token, and no credentials.
            let wrongBasic = try await client.upload(.post, "/api/v1/spots/owntracks", body: ByteBuffer(string: good),
                contentType: "application/json", authorization: SpotsFixture.basic(password: "correct horse battery"))
            #expect(wrongBasic.status == .unauthorized)
            let unknown = try await client.upload(.post, "/api/v1/spots/owntracks", body: ByteBuffer(string: good),
                contentType: "application/json", authorization: SpotsFixture.basic(password: "dvc_notarealtoken"))
            #expect(unknown.status == .unauthorized)
            let nobody = try await client.upload(.post, "/api/v1/spots/owntracks", body: ByteBuffer(string: good),
                contentType: "application/json", authorization: nil)
            #expect(nobody.status == .unauthorized)
            #expect(try await client.spotsEvents(reminder["id"] as! String, token: account.personToken).isEmpty)
        }
    }

    @Test func aRevokedDeviceCanNoLongerReport() async throws {
        try await withTestServer { server in
            let client = server.client
            let account = try await LiveAccount.make(client)
            #expect(try await client.json(.delete, "/api/v1/devices/\(account.deviceID)", token: account.personToken).status == .noContent)
            let response = try await client.upload(.post, "/api/v1/spots/owntracks",
                body: ByteBuffer(string: Self.ownTracks(0, at: server.clock.now())), contentType: "application/json",
                authorization: SpotsFixture.basic(password: account.deviceToken))
            #expect(response.status == .unauthorized)
        }
    }
}

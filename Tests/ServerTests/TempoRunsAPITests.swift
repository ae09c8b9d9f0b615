import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Testing

/// `/api/v1/tempo/runs…`: runs named by the client, samples merged by time (so resending and
/// two devices writing the same second are harmless), stats on finish and after late samples.
@Suite(.timeLimit(.minutes(5))) struct TempoRunsAPITests {
    /// An hour before the test clock's now.
    static let start: Int64 = 1_800_000_000_000 - 3_600_000
    static var startText: String { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(start) / 1000)) }

    /// Northward along a meridian, one sample a second: 0.0001° of latitude is
    /// 6,371,008.8 m × 0.0001 × π/180 = 11.1195 m, so `count` samples span (count − 1) × 11.1195 m.
    static func northward(_ count: Int, from first: Int = 0, hr: Double? = nil) -> String {
        let items = (first..<(first + count)).map { i in
            var fields = [#""t": \#(start + Int64(i) * 1000)"#, #""lat": \#(45 + Double(i) * 0.0001)"#, #""lon": 7"#, #""cadence": 170"#]
            if let hr { fields.append(#""hr": \#(hr)"#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return #"{"samples": [\#(items.joined(separator: ", "))]}"#
    }

    static func heartRates(_ count: Int, _ hr: Double) -> String {
        #"{"samples": [\#((0..<count).map { #"{"t": \#(start + Int64($0) * 1000), "hr": \#(hr)}"# }.joined(separator: ", "))]}"#
    }

    static func newRun(_ id: UUID, extra: String = "") -> String {
        #"{"id": "\#(id)", "startedAt": "\#(startText)"\#(extra)}"#
    }

    @Test func aRunSentTwiceIsOneRunAndAnotherAccountCannotTouchIt() async throws {
        try await withTestServer { server in
            let client = server.client
            let ann = try await client.register(email: uniqueEmail("runs"))
            let bob = try await client.register(email: uniqueEmail("runs"))
            let id = UUID()
            let first = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id, extra: #", "name": "Lakeside""#), token: ann)
            #expect(first.status == .created, "\(first.text)")
            #expect(first.object["name"] as? String == "Lakeside")
            #expect(first.object["status"] as? String == "recording")
            let again = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: ann)
            #expect(again.status == .ok)
            #expect(again.object["name"] as? String == "Lakeside", "the run as it is, not renamed by the retry")
            #expect(try await client.json(.get, "/api/v1/tempo/runs", token: ann).array.count == 1)

            let taken = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: bob)
            #expect(taken.status == .conflict)
            #expect(taken.errorField == "id")
            for (method, path, body) in [
                (HTTPRequest.Method.get, "/api/v1/tempo/runs/\(id)", nil), (.get, "/api/v1/tempo/runs/\(id)/samples", nil),
                (.post, "/api/v1/tempo/runs/\(id)/samples", Self.northward(2)),
                (.post, "/api/v1/tempo/runs/\(id)/finish", #"{"endedAt": "\#(Self.startText)"}"#),
                (.put, "/api/v1/tempo/runs/\(id)", #"{"name": "Mine"}"#), (.delete, "/api/v1/tempo/runs/\(id)", nil),
                (.get, "/api/v1/tempo/runs/\(id)/export.gpx", nil), (.get, "/api/v1/tempo/runs/\(id)/export.tcx", nil),
            ] as [(HTTPRequest.Method, String, String?)] {
                #expect(try await client.json(method, path, body: body, token: bob).status == .notFound, "\(method) \(path)")
            }
            #expect(try await client.json(.get, "/api/v1/tempo/runs", token: bob).array.isEmpty)
            #expect(try await client.json(.get, "/api/v1/tempo/runs/\(id)", token: ann).status == .ok)
        }
    }

    @Test func samplesMergeByTimeAndResendingChangesNothing() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runs"))
            let id = UUID()
            #expect(try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token).status == .created)
            let stored = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.northward(10), token: token)
            #expect(stored.status == .ok, "\(stored.text)")
            #expect(stored.object["added"] as? Int == 10)
            // The phone's batch again (a retry after a lost answer): nothing new.
            let resent = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.northward(10), token: token)
            #expect(resent.object["added"] as? Int == 0)
            #expect(resent.object["merged"] as? Int == 10)
            // The watch's heart rate for the same seconds, and two seconds more: merged into the same moments.
            let watch = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.heartRates(12, 150), token: token)
            #expect(watch.object["added"] as? Int == 2)
            #expect(watch.object["sampleCount"] as? Int == 12)
            let samples = try await client.json(.get, "/api/v1/tempo/runs/\(id)/samples", token: token).array
            #expect(samples.count == 12)
            #expect(samples.allSatisfy { $0["hr"] as? Double == 150 })
            #expect(samples.prefix(10).allSatisfy { $0["lat"] != nil && $0["cadence"] as? Double == 170 })
            #expect(samples.map { $0["t"] as? Int64 } == (0..<12).map { Self.start + Int64($0) * 1000 })
        }
    }

    @Test func finishingComputesTheStatsAndLateSamplesUpdateThem() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runs"))
            let id = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token)
            _ = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.northward(101), token: token)
            let end = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(Self.start + 100_000) / 1000))
            let finished = try await client.json(.post, "/api/v1/tempo/runs/\(id)/finish", body: #"{"endedAt": "\#(end)"}"#, token: token)
            #expect(finished.status == .ok, "\(finished.text)")
            let summary = try #require(finished.object["summary"] as? [String: Any])
            // 100 steps of 11.1195 m = 1,111.95 m in 100 s: 89.9 s/km.
            let distance = try #require(summary["distance"] as? Double)
            #expect(abs(distance - 1111.95) < 0.5, "\(distance)")
            #expect(summary["elapsedSeconds"] as? Double == 100)
            #expect((summary["splits"] as? [[String: Any]])?.count == 2, "one full km and the rest")
            #expect((finished.object["run"] as? [String: Any])?["status"] as? String == "finished")
            let listed = try #require(try await client.json(.get, "/api/v1/tempo/runs", token: token).array.first)
            #expect(abs((listed["distanceMeters"] as? Double ?? 0) - 1111.95) < 0.5)

            // The watch syncs ten more seconds after the run was saved: the stats follow.
            _ = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.northward(10, from: 101), token: token)
            let later = try await client.json(.get, "/api/v1/tempo/runs", token: token).array.first
            #expect(abs((later?["distanceMeters"] as? Double ?? 0) - 110 * 11.1195) < 0.5)
        }
    }

    /// A run made with the runner simulator is marked simulated in the API and in both exports,
    /// and a simulated export imported again is still simulated; a run without it is not.
    @Test func aSimulatedRunSaysSoInTheAPIAndItsFiles() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runs"))
            let real = UUID(), simulated = UUID()
            let started = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(real), token: token)
            #expect(started.object["simulated"] as? Bool == false, "\(started.text)")
            let made = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(simulated, extra: #", "simulated": true"#), token: token)
            #expect(made.object["simulated"] as? Bool == true, "\(made.text)")
            _ = try await client.json(.post, "/api/v1/tempo/runs/\(simulated)/samples", body: Self.northward(30, hr: 150), token: token)
            let end = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(Self.start + 29_000) / 1000))
            let finished = try await client.json(.post, "/api/v1/tempo/runs/\(simulated)/finish", body: #"{"endedAt": "\#(end)"}"#, token: token)
            #expect((finished.object["run"] as? [String: Any])?["simulated"] as? Bool == true)
            let listed = try await client.json(.get, "/api/v1/tempo/runs", token: token).array
            #expect(Set(listed.map { "\($0["id"] as? String ?? "")=\($0["simulated"] as? Bool ?? false)" })
                    == ["\(real)=false", "\(simulated)=true"])

            let gpx = try await client.json(.get, "/api/v1/tempo/runs/\(simulated)/export.gpx", token: token)
            #expect(gpx.text.contains("<src>Cadence runner simulator</src>") && gpx.text.contains("no sensor measured"), "\(gpx.text.prefix(800))")
            let tcx = try await client.json(.get, "/api/v1/tempo/runs/\(simulated)/export.tcx", token: token)
            #expect(tcx.text.contains("no sensor measured"))
            let friend = try await client.register(email: uniqueEmail("runs"))
            let again = try await TempoRunFilesAPITests.upload(client, gpx.text, token: friend)
            #expect(again.status == .created, "\(again.text)")
            #expect((again.object["run"] as? [String: Any])?["simulated"] as? Bool == true)
        }
    }

    /// Each batch names where its readings came from; the run keeps every source once, shows them, and its files
    /// say them (GPX's track `src`, TCX's notes).
    @Test func aRunKeepsWhereItsReadingsCameFromAndItsFilesSayIt() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("sensors"))
            let id = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token)
            let noSources = try await client.json(.get, "/api/v1/tempo/runs/\(id)", token: token)
            #expect((noSources.object["run"] as? [String: Any])?["sensors"] as? [String: [String]] == ["heartRate": [], "cadence": []])
            let first = String(Self.northward(20, hr: 140).dropLast()) + #", "sources": {"heartRate": ["Polar H10 (Bluetooth)"], "cadence": ["the phone's motion sensor"]}}"#
            #expect(try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: first, token: token).status == .ok)
            // The next batch names the same strap again (kept once) and a footpod joining in, padded with spaces.
            let second = String(Self.northward(20, from: 20, hr: 141).dropLast())
                + #", "sources": {"heartRate": ["Polar H10 (Bluetooth)"], "cadence": ["  Stryd (Bluetooth footpod) "]}}"#
            #expect(try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: second, token: token).status == .ok)
            let end = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(Self.start + 39_000) / 1000))
            _ = try await client.json(.post, "/api/v1/tempo/runs/\(id)/finish", body: #"{"endedAt": "\#(end)"}"#, token: token)
            let run = try await client.json(.get, "/api/v1/tempo/runs/\(id)", token: token).object["run"] as? [String: Any]
            #expect(run?["sensors"] as? [String: [String]] == [
                "heartRate": ["Polar H10 (Bluetooth)"], "cadence": ["the phone's motion sensor", "Stryd (Bluetooth footpod)"],
            ])
            let gpx = try await client.json(.get, "/api/v1/tempo/runs/\(id)/export.gpx", token: token)
            #expect(gpx.text.contains("<src>heart rate: Polar H10 (Bluetooth); cadence: the phone&apos;s motion sensor, Stryd (Bluetooth footpod)</src>")
                    || gpx.text.contains("<src>heart rate: Polar H10 (Bluetooth); cadence: the phone's motion sensor, Stryd (Bluetooth footpod)</src>"),
                    "\(gpx.text.prefix(900))")
            let tcx = try await client.json(.get, "/api/v1/tempo/runs/\(id)/export.tcx", token: token)
            #expect(tcx.text.contains("Sensors: heart rate: Polar H10 (Bluetooth)"), "\(tcx.text.suffix(400))")
        }
    }

    @Test(arguments: [
        (#"{"samples": [{"t": 1799996400000, "lat": 45, "lon": 7}, {"t": 1799996401000, "lat": 95, "lon": 7}]}"#, "samples[1].lat"),
        (#"{"samples": [{"t": 1799996400000, "lat": 45}]}"#, "samples[0].lon"),
        (#"{"samples": [{"t": 1900000000000}]}"#, "samples[0].t"),
        (#"{"samples": [{"t": 1799996400000, "hr": -3}]}"#, "samples[0].hr"),
        (#"{"samples": [{"t": "noon"}]}"#, "samples[0].t"),
        (#"{"samples": [{"lat": 1}]}"#, "samples[0].t"),
    ])
    func badSamplesAreRefusedNamingTheField(body: String, field: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runs"))
            let id = UUID()
            _ = try await server.client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token)
            let response = try await server.client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: body, token: token)
            #expect(response.status == .badRequest)
            #expect(response.errorField == field, "\(response.text)")
            #expect(try await server.client.json(.get, "/api/v1/tempo/runs/\(id)/samples", token: token).array.isEmpty, "nothing half-stored")
        }
    }

    @Test func badRunsAndProfilesAreRefusedNamingTheField() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runs"))
            let cases: [(String, String, String)] = [
                ("/api/v1/tempo/runs", #"{"startedAt": "\#(Self.startText)"}"#, "id"),
                ("/api/v1/tempo/runs", #"{"id": "\#(UUID())", "startedAt": "2090-01-01T00:00:00Z"}"#, "startedAt"),
                // Minute 99 (found by schemathesis): refused, not rolled over to 13:39.
                ("/api/v1/tempo/runs", #"{"id": "\#(UUID())", "startedAt": "2024-01-01T12:99:00Z"}"#, "startedAt"),
                ("/api/v1/tempo/runs", #"{"id": "\#(UUID())", "startedAt": "\#(Self.startText)", "activity": "swimming"}"#, "activity"),
                ("/api/v1/tempo/runs", #"{"id": "\#(UUID())", "startedAt": "\#(Self.startText)", "name": "  "}"#, "name"),
            ]
            for (path, body, field) in cases {
                let response = try await client.json(.post, path, body: body, token: token)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(body): \(response.text)")
            }
            let unknownPlan = try await client.json(.post, "/api/v1/tempo/runs",
                                                    body: Self.newRun(UUID(), extra: #", "planId": "\#(UUID())""#), token: token)
            #expect(unknownPlan.status == .notFound)
            let id = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token)
            let early = try await client.json(.post, "/api/v1/tempo/runs/\(id)/finish", body: #"{"endedAt": "2020-01-01T00:00:00Z"}"#, token: token)
            #expect(early.errorField == "endedAt")
            for (body, field) in [(#"{"weightKg": 2}"#, "weightKg"), (#"{"birthYear": 1800}"#, "birthYear"), (#"{"sex": "x"}"#, "sex"),
                                  (#"{"maxHeartRate": 300}"#, "maxHeartRate")] {
                #expect(try await client.json(.put, "/api/v1/tempo/profile", body: body, token: token).errorField == field)
            }
            let saved = try await client.json(.put, "/api/v1/tempo/profile", body: #"{"weightKg": 61.5, "birthYear": 1990, "sex": "female"}"#, token: token)
            #expect(saved.status == .ok)
            let profile = try await client.json(.get, "/api/v1/tempo/profile", token: token).object
            #expect(profile["weightKg"] as? Double == 61.5)
            // Zones from the age (Tanaka: 208 − 0.7 × age), until the runner gives their own maximum.
            let year = Calendar(identifier: .gregorian).component(.year, from: TestClock().now())  // the server's year
            let byAge = (208 - 0.7 * Double(year - 1990)).rounded()
            #expect((profile["heartRateMaximum"] as? [String: Any])?["value"] as? Double == byAge, "\(profile)")
            #expect((profile["heartRateMaximum"] as? [String: Any])?["source"] as? String == "age")
            let own = try await client.json(.put, "/api/v1/tempo/profile", body: #"{"birthYear": 1990, "maxHeartRate": 190}"#, token: token).object
            let zones = try #require(own["heartRateZones"] as? [[String: Any]])
            #expect(zones.map { $0["low"] as? Double } == [95, 114, 133, 152, 171])
            #expect((own["heartRateMaximum"] as? [String: Any])?["source"] as? String == "profile")
        }
    }

    /// Progress: this week's distance and time, and the fastest kilometre, from the finished runs; a simulated run
    /// counts for nothing.
    @Test func progressCountsTheWeekAndTheFastestKilometre() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("progress"))
            let ended = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(Self.start + 200_000) / 1000))
            for simulated in [false, true] {
                let id = UUID()
                _ = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id, extra: #", "simulated": \#(simulated)"#), token: token)
                _ = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: Self.northward(121), token: token)
                #expect(try await client.json(.post, "/api/v1/tempo/runs/\(id)/finish", body: #"{"endedAt": "\#(ended)"}"#, token: token).status == .ok)
            }
            let progress = try await client.json(.get, "/api/v1/tempo/progress?weeks=4", token: token).object
            let weeks = try #require(progress["weeks"] as? [[String: Any]])
            #expect(weeks.count == 4)
            let thisWeek = try #require(weeks.last)
            #expect(thisWeek["runs"] as? Int == 1, "the simulated run is left out: \(thisWeek)")
            // 120 s at 0.0001° of latitude a second: 1,334 m.
            #expect(abs((thisWeek["distance"] as? Double ?? 0) - 1334.2) < 2, "\(thisWeek)")
            #expect(weeks.dropLast().allSatisfy { $0["runs"] as? Int == 0 })
            let bests = try #require(progress["bests"] as? [[String: Any]])
            #expect(bests.count == 1, "only a kilometre was run: \(bests)")
            #expect(bests.first?["metres"] as? Double == 1000)
            #expect(abs((bests.first?["seconds"] as? Double ?? 0) - 89.9) < 0.5, "\(bests)")
            #expect(try await client.json(.get, "/api/v1/tempo/progress?weeks=0", token: token).errorField == "weeks")
            let madrid = try await client.json(.get, "/api/v1/tempo/progress?weeks=4&tz=Europe/Madrid", token: token).object
            #expect(madrid["timeZone"] as? String == "Europe/Madrid")
            #expect(progress["timeZone"] as? String == "UTC")
            #expect(try await client.json(.get, "/api/v1/tempo/progress?tz=Nowhere/Else", token: token).errorField == "tz")
        }
    }

    @Test func theLiveChannelStoresSamplesAndRelaysTheRunToTheWatch() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let client = server.client
            let account = try await LiveAccount.make(client)
            let token = account.personToken
            let id = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: Self.newRun(id), token: token)
            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                let samples = #"[{"t": \#(Self.start), "hr": 141}, {"t": \#(Self.start + 1000), "hr": 143, "cadence": 172}]"#
                let sources = #"{"heartRate": ["Wahoo TICKR (Bluetooth, on the watch)"], "cadence": ["the watch's motion sensor"]}"#
                try await outbound.write(.text(#"{"id": "\#(UUID())", "type": "tempo.samples", "data": {"runId": "\#(id)", "samples": \#(samples), "sources": \#(sources)}}"#))
                let sample = try await reader.next(ofType: "tempo.run.sample")
                #expect(sample.data["hr"] as? Double == 143)
                #expect(sample.data["runId"] as? String == id.uuidString)
                let control = UUID().uuidString
                for _ in 0..<2 {
                    let sent = try await client.json(.post, "/api/v1/live/commands",
                        body: #"{"id": "\#(control)", "type": "tempo.run.control", "data": {"runId": "\#(id)", "action": "pause"}}"#, token: token)
                    #expect(sent.status == .accepted)
                }
                #expect(try await reader.next(ofType: "tempo.run.control").data["action"] as? String == "pause")
                let bad = try await client.json(.post, "/api/v1/live/commands",
                    body: #"{"id": "\#(UUID())", "type": "tempo.run.control", "data": {"runId": "\#(id)", "action": "dance"}}"#, token: token)
                #expect(bad.errorField == "data.action")
                // Sources are read as the HTTP body reads them: a name that is not text is refused, naming it.
                let badSources = try await client.json(.post, "/api/v1/live/commands",
                    body: #"{"id": "\#(UUID())", "type": "tempo.samples", "data": {"runId": "\#(id)", "samples": [], "sources": {"cadence": [7]}}}"#,
                    token: token)
                #expect(badSources.status == .badRequest)
                #expect(badSources.errorField == "data.sources.cadence[0]", "\(badSources.text)")
                #expect(badSources.errorMessage == #"The field "data.sources.cadence[0]" must be a string."#, "\(badSources.text)")
                // In the asker's language, with the same field.
                let spanish = try await client.json(.post, "/api/v1/live/commands",
                    body: #"{"id": "\#(UUID())", "type": "tempo.samples", "data": {"runId": "\#(id)", "samples": [{"hr": 120}]}}"#,
                    token: token, headers: [.acceptLanguage: "es"])
                #expect(spanish.errorField == "data.samples[0].t", "\(spanish.text)")
                #expect(spanish.errorMessage?.contains("data.samples[0].t") == true && spanish.errorMessage?.contains("field") == false,
                        "\(spanish.text)")
                try await outbound.close(.normalClosure, reason: nil)
            }
            let stored = try await client.json(.get, "/api/v1/tempo/runs/\(id)/samples", token: token).array
            #expect(stored.map { $0["hr"] as? Double } == [141, 143])
            let run = try await client.json(.get, "/api/v1/tempo/runs/\(id)", token: token).object["run"] as? [String: Any]
            #expect(run?["sensors"] as? [String: [String]] == [
                "heartRate": ["Wahoo TICKR (Bluetooth, on the watch)"], "cadence": ["the watch's motion sensor"],
            ])
        } }
    }
}

/// GPX and TCX through the API: what a run exports imports back the same, and bad files are
/// refused naming what is wrong.
@Suite(.timeLimit(.minutes(5))) struct TempoRunFilesAPITests {
    static func upload(_ client: some TestClientProtocol, _ text: String, token: String, contentType: String = "application/gpx+xml") async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/tempo/runs/import", method: .post,
                                 headers: [.authorization: "Bearer \(token)", .contentType: contentType],
                                 body: ByteBuffer(string: text))
    }

    /// A Garmin-style running file: one-foot cadence 85 (170 steps/min), heart rate, and one
    /// point 2 km off the track (a GPS glitch) that the stats must leave out.
    static let garminRun = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx creator="Garmin Connect" version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
          <metadata><time>2027-01-15T06:00:00.000Z</time></metadata>
          <trk><name>Riverside run</name><type>running</type><trkseg>
        \((0..<61).map { i in
            let lat = i == 30 ? 45.02 : 45 + Double(i) * 0.00003
            return """
                <trkpt lat="\(lat)" lon="7.0"><ele>\(200 + i / 10)</ele><time>2027-01-15T06:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z</time>
                  <extensions><ns3:TrackPointExtension><ns3:hr>\(140 + i % 5)</ns3:hr><ns3:cad>85</ns3:cad></ns3:TrackPointExtension></extensions></trkpt>
            """
        }.joined(separator: "\n"))
          </trkseg></trk>
        </gpx>
        """

    @Test func aGarminFileImportsWithStepsPerMinuteAndTheGlitchLeftOut() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runfiles"))
            let imported = try await Self.upload(server.client, Self.garminRun, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let run = try #require(imported.object["run"] as? [String: Any])
            #expect(run["name"] as? String == "Riverside run")
            #expect(run["source"] as? String == "gpx")
            #expect(run["status"] as? String == "finished")
            let summary = try #require(imported.object["summary"] as? [String: Any])
            #expect(summary["averageCadence"] as? Double == 170, "one-foot 85 doubled")
            // 60 steps of 0.00003° = 60 × 3.3359 m = 200.2 m (plus the small climb), the glitch dropped.
            let distance = try #require(summary["distance"] as? Double)
            #expect(abs(distance - 200.2) < 1, "\(distance)")
            let notes = ((imported.object["importReport"] as? [String: Any])?["notes"] as? [String]) ?? []
            #expect(notes.contains { $0.contains("doubled") }, "\(notes)")
            #expect(((imported.object["cleaning"] as? [String: Any])?["impossibleJumps"] as? Int) == 1)

            let again = try await Self.upload(server.client, Self.garminRun, token: token)
            #expect(again.status == .ok, "the same file is the same run")
            #expect((again.object["run"] as? [String: Any])?["id"] as? String == run["id"] as? String)
            #expect(try await server.client.json(.get, "/api/v1/tempo/runs", token: token).array.count == 1)
        }
    }

    @Test(arguments: ["gpx", "tcx"])
    func anExportImportsBackWithTheSameDistance(format: String) async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runfiles"))
            let original = try #require(try await Self.upload(client, Self.garminRun, token: token).object["run"] as? [String: Any])
            let id = try #require(original["id"] as? String)
            let exported = try await client.json(.get, "/api/v1/tempo/runs/\(id)/export.\(format)", token: token)
            #expect(exported.status == .ok)
            #expect(exported.headers[.contentDisposition]?.contains("riverside-run.\(format)") == true)
            // Imported by someone else (a friend's copy), it is a run of its own with the same numbers.
            let friend = try await client.register(email: uniqueEmail("runfiles"))
            let back = try await Self.upload(client, exported.text, token: friend, contentType: "application/octet-stream")
            #expect(back.status == .created, "\(back.text)")
            let before = try #require(original["distanceMeters"] as? Double)
            let after = try #require((back.object["run"] as? [String: Any])?["distanceMeters"] as? Double)
            #expect(abs(after - before) / before < 0.001, "\(before) → \(after)")
            let summary = back.object["summary"] as? [String: Any]
            #expect(summary?["averageCadence"] as? Double == 170)
            #expect((summary?["averageHeartRate"] as? Double).map { abs($0 - 142) < 1.5 } == true)
        }
    }

    @Test func aMultipartUploadWorksToo() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runfiles"))
            let boundary = "----cadence-test"
            let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"run.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n"
                + Self.garminRun + "\r\n--\(boundary)--\r\n"
            let response = try await Self.upload(server.client, body, token: token, contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test(arguments: [
        ("just some text", "XML"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2027-01-01T00:00:00Z</time></trkpt>\n</trkseg>", "line"),
        ("<kml xmlns=\"http://www.opengis.net/kml/2.2\"></kml>", "kml"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><rte><rtept lat=\"1\" lon=\"2\"/></rte></gpx>", "track"),
        ("<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx xmlns=\"http://www.topografix.com/GPX/1/1\">&x;</gpx>", "DOCTYPE"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><trk><trkseg><trkpt lat=\"north\" lon=\"2\"><time>2027-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>", "lat"),
        // Times before 2000 are a warning now (a clock that was not set); no time at all is refused.
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>", "has a time"),
    ])
    func badFilesAreRefusedSayingWhatIsWrong(text: String, mention: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runfiles"))
            let response = try await Self.upload(server.client, text, token: token)
            #expect(response.status == .badRequest)
            #expect(response.errorField == "file")
            #expect(response.errorMessage?.localizedCaseInsensitiveContains(mention) == true, "\(response.text)")
            #expect(try await server.client.json(.get, "/api/v1/tempo/runs", token: token).array.isEmpty, "nothing half-imported")
        }
    }

    /// "NaN" and "INF" parse as numbers; they must not reach the database or the JSON.
    @Test func readingsThatAreNotNumbersAreLeftOut() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runfiles"))
            let text = Self.garminRun.replacingOccurrences(of: "<ele>200</ele>", with: "<ele>NaN</ele>")
                .replacingOccurrences(of: "<ns3:hr>141</ns3:hr>", with: "<ns3:hr>INF</ns3:hr>")
            let imported = try await Self.upload(server.client, text, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let id = try #require((imported.object["run"] as? [String: Any])?["id"] as? String)
            let samples = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)/samples", token: token)
            #expect(samples.status == .ok)
            #expect(samples.array.count == 61)
            #expect(samples.array.first?["ele"] == nil)
            #expect(samples.array[1]["hr"] == nil)
        }
    }

    @Test func aRunWithoutPositionsExportsAsTCXButNotAsGPX() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("runfiles"))
            let id = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: TempoRunsAPITests.newRun(id), token: token)
            _ = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: TempoRunsAPITests.heartRates(30, 120), token: token)
            let gpx = try await client.json(.get, "/api/v1/tempo/runs/\(id)/export.gpx", token: token)
            #expect(gpx.status == .conflict)
            #expect(gpx.errorMessage?.contains("TCX") == true, "\(gpx.text)")
            let tcx = try await client.json(.get, "/api/v1/tempo/runs/\(id)/export.tcx", token: token)
            #expect(tcx.status == .ok)
            #expect(tcx.text.contains("<Value>120</Value>"))
            // A run with nothing recorded yet still shows (zeros), and exports nothing.
            let empty = UUID()
            _ = try await client.json(.post, "/api/v1/tempo/runs", body: TempoRunsAPITests.newRun(empty), token: token)
            #expect(try await client.json(.get, "/api/v1/tempo/runs/\(empty)", token: token).status == .ok)
            #expect(try await client.json(.get, "/api/v1/tempo/runs/\(empty)/export.tcx", token: token).status == .conflict)
        }
    }
}

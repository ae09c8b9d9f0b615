import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Other programs' files through `POST /api/v1/tempo/runs/import`, over a real database: the
/// run's distance is what gpxpy computes for the same file (Fixtures/gpxpy/expected.json), so
/// separate tracks and segments are never joined, a file that names no activity is not cleaned
/// as a run, and one untimed point or an unset clock does not cost the whole file.
@Suite(.timeLimit(.minutes(5))) struct TempoRunImportsAPITests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TempoTests/Files/Fixtures/gpxpy").standardizedFileURL

    struct Figures: Decodable {
        let length3d: Double
        let length3dTimed: Double
        let points: Int
        let timedPoints: Int
        let segments: Int
    }

    static func figures(_ file: String) throws -> Figures {
        struct Expected: Decodable { let files: [String: Figures] }
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        return try #require(expected.files[file], "no figures for \(file)")
    }

    static func importFile(_ file: String, _ client: some TestClientProtocol, token: String, query: String = "") async throws -> TestResponse {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        return try await client.execute(uri: "/api/v1/tempo/runs/import\(query)", method: .post,
                                        headers: [.authorization: "Bearer \(token)", .contentType: "application/octet-stream"],
                                        body: ByteBuffer(bytes: data))
    }

    /// The measure of issue 17: every timed file of these shapes reads what gpxpy reads, within 1 %.
    @Test(arguments: [
        "cerknicko-jezero.gpx", "cerknicko-jezero-segments.gpx", "cerknicko-jezero-tracks.tcx", "around-visnjan-with-car.gpx",
        "first_and_last_elevation.gpx", "cerknicko-jezero-without-elevations.gpx", "korita-zbevnica.gpx", "Mojstrovka.gpx",
        "cerknicko-jezero-1901.gpx",
    ])
    func theDistanceIsWhatGpxpyComputes(file: String) async throws {
        let expected = try Self.figures(file)
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile(file, server.client, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let distance = try #require((imported.object["summary"] as? [String: Any])?["distance"] as? Double)
            #expect(abs(distance - expected.length3dTimed) <= expected.length3dTimed * 0.01,
                    "\(file): \(distance) m, gpxpy \(expected.length3dTimed) m")
            let report = try #require(imported.object["importReport"] as? [String: Any], "\(imported.text)")
            #expect(report["points"] as? Int == expected.points)
            // An untimed point between timed ones is kept with an interpolated time; the others are left out.
            let untimed = (report["untimedPoints"] as? Int ?? -1) + (report["interpolatedPoints"] as? Int ?? -1)
            #expect(untimed == expected.points - expected.timedPoints, "\(report)")
            #expect(report["segments"] as? Int == expected.segments)
        }
    }

    /// Seven tracks (or segments, or TCX Tracks) with 2–15 minutes between them: six pauses, and
    /// neither distance nor moving time nor a split counts the gaps.
    @Test(arguments: ["cerknicko-jezero.gpx", "cerknicko-jezero-segments.gpx", "cerknicko-jezero-tracks.tcx"])
    func theGapsBetweenTracksArePauses(file: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile(file, server.client, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let pauses = try #require(imported.object["pauses"] as? [[String: Any]])
            #expect(pauses.count == 6, "\(pauses)")
            let paused = pauses.reduce(0.0) { sum, pause in
                sum + ((pause["end"] as? Double ?? 0) - (pause["start"] as? Double ?? 0)) / 1000
            }
            let summary = try #require(imported.object["summary"] as? [String: Any])
            let elapsed = try #require(summary["elapsedSeconds"] as? Double)
            let moving = try #require(summary["movingSeconds"] as? Double)
            #expect(paused > 20 * 60, "the gaps add up to more than 20 minutes: \(paused) s")
            #expect(moving <= elapsed - paused + 1, "moving \(moving) s of \(elapsed) s with \(paused) s between tracks")
            let splits = try #require(summary["splits"] as? [[String: Any]])
            let splitSeconds = splits.reduce(0.0) { $0 + ($1["seconds"] as? Double ?? 0) }
            #expect(abs(splitSeconds - moving) < 1, "splits \(splitSeconds) s, moving \(moving) s")
            #expect(splits.count == 5, "4.69 km: four full kilometres and a part")
        }
    }

    /// A drive in a file that names no activity keeps every point: only what no GPS receiver can
    /// record is dropped, and the run says its activity is unknown.
    @Test func aFileThatNamesNoActivityIsNotCleanedAsARun() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile("around-visnjan-with-car.gpx", server.client, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            #expect((imported.object["run"] as? [String: Any])?["activity"] as? String == "other")
            let cleaning = try #require(imported.object["cleaning"] as? [String: Any])
            #expect(cleaning["impossibleJumps"] as? Int == 0, "\(cleaning)")
            #expect(cleaning["keptCount"] as? Int == 104)
            #expect((cleaning["notes"] as? [String])?.contains { $0.contains("unknown") } == true, "\(cleaning)")
            #expect((imported.object["importReport"] as? [String: Any])?["activityFrom"] as? String == "unknown")
            let calories = (imported.object["summary"] as? [String: Any])?["calories"] as? [String: Any]
            #expect(calories?["method"] as? String == "none", "a drive's calories are not estimated as a run's: \(String(describing: calories))")
        }
    }

    /// The activity chosen on the import form wins over the file's (and cleans with its limits).
    @Test func theImportFormNamesTheActivity() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let walked = try await Self.importFile("around-visnjan-with-car.gpx", server.client, token: token, query: "?activity=walking")
            #expect(walked.status == .created, "\(walked.text)")
            #expect((walked.object["run"] as? [String: Any])?["activity"] as? String == "walking")
            #expect((walked.object["importReport"] as? [String: Any])?["activityFrom"] as? String == "form")
            let jumps = (walked.object["cleaning"] as? [String: Any])?["impossibleJumps"] as? Int ?? 0
            #expect(jumps > 0, "a car is too fast for a walk: its fastest points are dropped")
            #expect(((walked.object["cleaning"] as? [String: Any])?["notes"] as? [String])?.contains { $0.contains("walking") } == true)

            let boundary = "----cadence-activity"
            let file = try String(contentsOf: Self.folder.appendingPathComponent("first_and_last_elevation.gpx"), encoding: .utf8)
            let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"activity\"\r\n\r\ncycling\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n"
                + file + "\r\n--\(boundary)--\r\n"
            let form = try await server.client.execute(uri: "/api/v1/tempo/runs/import", method: .post,
                                                       headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=\(boundary)"],
                                                       body: ByteBuffer(string: body))
            #expect(form.status == .created, "\(form.text)")
            #expect((form.object["run"] as? [String: Any])?["activity"] as? String == "cycling")

            let bad = try await Self.importFile("cerknicko-jezero.gpx", server.client, token: token, query: "?activity=driving")
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "activity")
        }
    }

    /// The activity can be said after the import too: the run is cleaned and costed again.
    @Test func theActivityCanBeChangedAndTheStatsFollow() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile("around-visnjan-with-car.gpx", server.client, token: token)
            let id = try #require((imported.object["run"] as? [String: Any])?["id"] as? String)
            let changed = try await server.client.json(.put, "/api/v1/tempo/runs/\(id)", body: #"{"activity": "walking"}"#, token: token)
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(changed.object["activity"] as? String == "walking")
            let shown = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)", token: token)
            #expect(((shown.object["cleaning"] as? [String: Any])?["impossibleJumps"] as? Int ?? 0) > 0)
            #expect(((shown.object["summary"] as? [String: Any])?["calories"] as? [String: Any])?["method"] as? String == "acsmWalking")
            let bad = try await server.client.json(.put, "/api/v1/tempo/runs/\(id)", body: #"{"activity": "driving"}"#, token: token)
            #expect(bad.status == .badRequest && bad.errorField == "activity")
            let empty = try await server.client.json(.put, "/api/v1/tempo/runs/\(id)", body: "{}", token: token)
            #expect(empty.status == .badRequest)
        }
    }

    /// One trackpoint without a time: the others are kept and the report counts it, naming its line.
    @Test func anUntimedPointIsCountedNotFatal() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile("cerknicko-jezero-without-elevations.gpx", server.client, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let report = try #require(imported.object["importReport"] as? [String: Any])
            #expect(report["untimedPoints"] as? Int == 1)
            #expect(report["keptPoints"] as? Int == 295)
            #expect((report["warnings"] as? [String])?.contains { $0.contains("line 982") && $0.contains("time") } == true, "\(report)")
            #expect((imported.object["run"] as? [String: Any])?["sampleCount"] as? Int == 295)
            // Stored with the run: the run page shows it later too.
            let id = try #require((imported.object["run"] as? [String: Any])?["id"] as? String)
            let shown = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)", token: token)
            #expect((shown.object["importReport"] as? [String: Any])?["untimedPoints"] as? Int == 1)
        }
    }

    /// A clock that was never set (1901) imports with a warning; so does one stuck at one instant,
    /// whose points all share a time and keep their distance.
    @Test(arguments: [("cerknicko-jezero-1901.gpx", 296), ("Mojstrovka.gpx", 184)])
    func oldTimesImportWithAWarning(file: String, samples: Int) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let imported = try await Self.importFile(file, server.client, token: token)
            #expect(imported.status == .created, "\(imported.text)")
            let warnings = (imported.object["importReport"] as? [String: Any])?["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.contains("1901") && $0.contains("clock") }, "\(warnings)")
            let run = try #require(imported.object["run"] as? [String: Any])
            #expect((run["startedAt"] as? String)?.hasPrefix("1901-12-13") == true)
            #expect(run["sampleCount"] as? Int == samples)
            let id = try #require(run["id"] as? String)
            let stored = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)/samples", token: token)
            #expect(stored.array.count == samples)
        }
    }

    /// A whole track without times is left out and said; a file with no time at all is refused.
    @Test func untimedTracksAreLeftOutAndAFileWithoutTimesIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("imports"))
            let korita = try await Self.importFile("korita-zbevnica.gpx", server.client, token: token)
            #expect(korita.status == .created, "\(korita.text)")
            #expect((korita.object["importReport"] as? [String: Any])?["untimedPoints"] as? Int == 358)

            let untimed = """
                <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><trk><trkseg>
                <trkpt lat="45.1" lon="14.1"/><trkpt lat="45.2" lon="14.2"/>
                </trkseg></trk></gpx>
                """
            let refused = try await TempoRunFilesAPITests.upload(server.client, untimed, token: token)
            #expect(refused.status == .badRequest)
            #expect(refused.errorField == "file")
            #expect(refused.errorMessage?.contains("time") == true, "\(refused.text)")
        }
    }
}

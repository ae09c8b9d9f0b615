import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SQLKit
import Storage

/// An account holding one of everything a person can make: talks (the example), a Stage series imported from a deck
/// (and the demo), a song, a plan with a playlist, a run with samples and an imported GPX run, a time and a place
/// reminder with a location fix that fired it, a paired watch, a push subscription.
struct FilledAccount {
    let token: String
    let id: UUID
    let email: String
    let talkID: String
    let songID: String
    let runID: String
    let watchToken: String

    /// Long enough to be planned with (a song lasts at least 10 seconds).
    static let song = TempoFixtures.clickTrack(bpm: 150, seconds: 12)

    static func make(_ client: some TestClientProtocol, password: String = "correct horse battery") async throws -> FilledAccount {
        let email = uniqueEmail("everything")
        let token = try await client.register(email: email, password: password)
        let id = try await client.accountID(token: token)
        _ = try await client.stageDemo(token: token)
        let job = try await client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
        guard let talkID = job["talkId"] as? String else { throw TestFailure("import: \(job)") }
        let song = try await client.tempoUploadRaw(song, filename: "clicks.wav", token: token)
        guard let songID = song.array.first?["id"] as? String else { throw TestFailure("song: \(song.text)") }
        let analysed = try await client.tempoAnalysed(songID, token: token)
        guard analysed["analysis"] as? String == "done", analysed["bpm"] != nil else { throw TestFailure("analysis: \(analysed)") }
        let templates = try await client.json(.get, "/api/v1/tempo/templates", token: token).array
        let template = templates.first?["templateId"] as? String ?? ""
        let plan = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(template)"}"#, token: token)
        let planID = (plan.object["plan"] as? [String: Any])?["id"] as? String ?? ""
        let playlist = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", body: "{}", token: token)
        guard playlist.status == .created else { throw TestFailure("playlist: \(playlist.status) \(playlist.text)") }
        let runID = UUID()
        let run = try await client.json(.post, "/api/v1/tempo/runs", body: TempoRunsAPITests.newRun(runID, extra: #", "name": "Lakeside""#), token: token)
        guard run.status == .created else { throw TestFailure("run: \(run.status) \(run.text)") }
        let imported = try await TempoRunImportsAPITests.importFile("cerknicko-jezero.gpx", client, token: token)
        guard imported.status == .created else { throw TestFailure("gpx: \(imported.status) \(imported.text)") }
        _ = try await client.createReminder(#"{"title":"Call mum","notes":"About Sunday","due":"2027-03-01T09:00:00Z"}"#, token: token)
        _ = try await client.createReminder(SpotsFixture.placeReminder(title: "Buy milk", name: "Corner shop", latitude: 52.52, longitude: 13.405), token: token)
        _ = try await client.json(.post, "/api/v1/spots/locations", body: #"{"reports":[{"latitude":52.52,"longitude":13.405,"accuracy":10}]}"#, token: token)
        let pairing = try await client.startPairing(token: token)
        let paired = try await client.pair(code: pairing.code)
        guard let watchToken = paired.object["token"] as? String else { throw TestFailure("pair: \(paired.text)") }
        let subscription = try await client.json(.post, "/api/v1/push/subscriptions",
                                                 body: PushBrowser().subscriptionJSON(endpoint: "https://push.example.org/\(UUID())"), token: token)
        guard subscription.status == .created else { throw TestFailure("push: \(subscription.status) \(subscription.text)") }
        return FilledAccount(token: token, id: id, email: email, talkID: talkID, songID: songID, runID: runID.uuidString, watchToken: watchToken)
    }
}

/// Every table of the schema, read from the database itself (not a list kept by hand), and the rows in it whose
/// text columns hold `id`, by "table.column".
func rowsNaming(_ id: UUID, in database: Database) async throws -> [String: Int] {
    let sql = database.sql
    var columns: [(table: String, column: String)] = []
    if database.engine == .postgres {
        for row in try await sql.raw("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying')
            """).all() {
            columns.append((try row.decode(column: "table_name", as: String.self), try row.decode(column: "column_name", as: String.self)))
        }
    } else {
        let tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all()
            .map { try $0.decode(column: "name", as: String.self) }
        for table in tables {
            for row in try await sql.raw("SELECT name, type FROM pragma_table_info(\(bind: table))").all()
            where try row.decode(column: "type", as: String.self).uppercased() == "TEXT" {
                columns.append((table, try row.decode(column: "name", as: String.self)))
            }
        }
    }
    guard !columns.isEmpty else { throw TestFailure("no tables found") }
    var found: [String: Int] = [:]
    for (table, column) in columns {
        let count = try await sql.raw("""
            SELECT COUNT(*) AS n FROM \(ident: table) WHERE LOWER(\(ident: column)) = \(bind: id.uuidString.lowercased())
            """).first()?.decode(column: "n", as: Int.self) ?? 0
        if count > 0 { found["\(table).\(column)"] = count }
    }
    return found
}

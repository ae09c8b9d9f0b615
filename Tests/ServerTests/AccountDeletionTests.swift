import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Testing

/// Deleting an account (`DELETE /api/v1/account`, the account page): after the password, every row of it in every
/// table and every file of it in the media store is gone, its sessions and devices are signed out, and it is told
/// by e-mail; another account is untouched.
@Suite(.timeLimit(.minutes(5))) struct AccountDeletionTests {
    @Test func everyRowAndFileOfTheAccountGoesAndNothingOfAnother() async throws {
        try await withTestServer { server in
            let client = server.client
            let doomed = try await FilledAccount.make(client)
            let kept = try await FilledAccount.make(client)
            let before = try await rowsNaming(doomed.id, in: server.database)
            #expect(before.count >= 20, "the fixture reaches most tables: \(before.keys.sorted())")
            #expect(!(try await server.media.keys(ownerID: doomed.id)).isEmpty)

            let wrong = try await client.json(.delete, "/api/v1/account", body: #"{"password":"not it at all"}"#, token: doomed.token)
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorField == "password")
            let missing = try await client.json(.delete, "/api/v1/account", body: "{}", token: doomed.token)
            #expect(missing.status == .badRequest)
            #expect(try await rowsNaming(doomed.id, in: server.database) == before, "a refused delete deletes nothing")
            #expect(try await client.json(.delete, "/api/v1/account", body: #"{"password":"x"}"#, token: doomed.watchToken).status == .forbidden,
                    "a paired watch cannot delete the account")

            let deleted = try await client.json(.delete, "/api/v1/account", body: #"{"password":"correct horse battery"}"#, token: doomed.token)
            #expect(deleted.status == .noContent, "\(deleted.text)")
            #expect(try await rowsNaming(doomed.id, in: server.database) == [:])
            #expect(try await server.media.keys(ownerID: doomed.id).isEmpty)
            #expect(try await client.json(.get, "/api/v1/auth/me", token: doomed.token).status == .unauthorized)
            #expect(try await client.json(.get, "/api/v1/devices/me", token: doomed.watchToken).status == .unauthorized)
            #expect(try await client.login(email: doomed.email, password: "correct horse battery").status == .unauthorized)
            #expect(server.mailer.sent.contains { $0.to == doomed.email && $0.subject.contains("deleted") })

            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(kept.songID)/file", token: kept.token).status == .ok)
            #expect(try await client.json(.get, "/api/v1/stage/talks/\(kept.talkID)/deck", token: kept.token).status == .ok)
            let keptTables = Set(try await rowsNaming(kept.id, in: server.database).keys.map { $0.prefix { $0 != "." } })
            for table in ["accounts", "sessions", "devices", "stage_series", "stage_assets", "tempo_songs", "tempo_runs", "spots_reminders"] {
                #expect(keptTables.contains(Substring(table)), "the other account's \(table) rows are still there")
            }
        }
    }

    /// A paired watch's open socket is closed when the account goes: it does not linger until the next reconnect.
    @Test func theAccountsOpenSocketsAreClosed() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let client = server.client
            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, _, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                let deleted = try await client.json(.delete, "/api/v1/account", body: #"{"password":"correct horse battery"}"#,
                                                    token: account.personToken)
                #expect(deleted.status == .noContent)
                try await reader.drain()  // returns once the server has closed the socket
            }
        } }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// An import followed by a Spanish account (issue 23): the job's stage and why it failed are said in Spanish from
/// the job's keys (`stageText`, `messageText`), while `stage` and `message` stay English for programs.
@Suite(.timeLimit(.minutes(5))) struct StageImportLanguageTests {
    @Test func aSpanishAccountFollowsItsImportInSpanish() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import-es"))
            #expect(try await client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token).status == .ok)

            let done = try await client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
            #expect(done["state"] as? String == "done")
            #expect(done["stage"] as? String == "Imported 3 slides")
            #expect(done["stageText"] as? String == "3 diapositivas importadas", "\(done)")
            #expect(done["messageText"] == nil)

            let evil = StageFixtures.zip([("slide1.png", StageFixtures.png(width: 2, height: 2)),
                                          ("../evil.png", StageFixtures.png(width: 2, height: 2))])
            let failed = try await client.stageImport(evil, query: "filename=deck.zip", token: token)
            #expect(failed["state"] as? String == "failed")
            #expect(failed["stage"] as? String == "Failed" && failed["stageText"] as? String == "Fallida", "\(failed)")
            let english = try #require(failed["message"] as? String)
            let spanish = try #require(failed["messageText"] as? String)
            #expect(english.contains("../evil.png") && spanish.contains("../evil.png"))
            #expect(spanish != english && spanish.contains("archivo"), "\(spanish)")
        }
    }
}

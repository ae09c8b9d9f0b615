import CadenceCore
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import SpotsWeb
import StageWeb
import TalksWeb
import TempoWeb
import Testing

/// What each feature pushes, read from the live event it comes from (the rules are registered at assembly; the
/// delivery itself is PushDeliveryTests').
@Suite struct PushRulesTests {
    static let rules: LivePushRules = {
        let rules = LivePushRules()
        SpotsPushRules.register(on: rules)
        TalksPushRules.register(on: rules)
        StagePushRules.register(on: rules)
        TempoPushRules.register(on: rules)
        return rules
    }()

    static func notification(_ type: String, _ data: String) -> PushNotification? {
        rules.notification(for: LiveEvent(accountID: UUID(), seq: 1, type: type, at: 0, data: data))
    }

    @Test func aTimeAlertSaysItIsDueAndALateOneSaysWhy() throws {
        let due = try #require(Self.notification("spots.alert",
            #"{"reminderId":"A1","title":"Call mum","notes":"Her birthday","kind":"time","late":false,"due":1800000000000}"#))
        #expect(due.title == "Call mum")
        #expect(due.body == "Due now. Her birthday")  // the notes as written
        #expect(due.urgency == .high && due.requireInteraction)
        #expect(due.data == ["reminderId": "A1", "kind": "time", "due": "1800000000000"])
        let late = try #require(Self.notification("spots.alert", #"{"reminderId":"A1","title":"Call mum","notes":"","kind":"time","late":true}"#))
        #expect(late.body == "Was due while the server was down.")
        let leaving = try #require(Self.notification("spots.alert",
            #"{"reminderId":"A2","title":"Lock up","notes":"","kind":"leave","late":false,"placeName":"Office"}"#))
        #expect(leaving.body == "You left Office.")
    }

    @Test func aCastPushesTheWatchesButARunningTalkDoesNot() throws {
        let cast = try #require(Self.notification("talk.cast", #"{"topic":{"title":"Keynote"},"serverTime":1}"#))
        #expect(cast.roles == [.watch] && cast.body == "Keynote" && cast.module == .talks)
        #expect(Self.notification("talk.cast", #"{"topic":{"title":"Keynote"},"run":{"id":"r"},"serverTime":1}"#) == nil)
        #expect(Self.notification("talk.cast", #"{"serverTime":1}"#) == nil)  // nothing cast any more
    }

    @Test(arguments: [(59.0, false), (60.0, true), (600.0, true)])
    func onlyALongImportOrAnalysisPushes(seconds: Double, pushed: Bool) {
        let imported = Self.notification("stage.import.ended",
            #"{"jobId":"J","state":"done","filename":"deck.pptx","stage":"Imported 12 slides","seconds":\#(seconds)}"#)
        #expect((imported != nil) == pushed)
        if let imported { #expect(imported.title == "Slides imported" && imported.body == "deck.pptx: Imported 12 slides") }
        let analysed = Self.notification("tempo.analysis.ended", #"{"seconds":\#(seconds),"analysed":12,"failed":1}"#)
        #expect((analysed != nil) == pushed)
        if let analysed { #expect(analysed.body == "12 songs have a tempo. 1 could not be read.") }
    }

    @Test func aFailedImportSaysWhy() throws {
        let failed = try #require(Self.notification("stage.import.ended",
            #"{"jobId":"J","state":"failed","filename":"deck.pdf","stage":"Failed","message":"The PDF is damaged.","seconds":90}"#))
        #expect(failed.title == "Slide import failed" && failed.body == "deck.pdf: The PDF is damaged.")
    }

    /// The event the Stage rule reads is sent when an import ends, with how long it took.
    @Test func anImportsEndIsAnnouncedWithItsDuration() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(60) {
            let client = server.client
            let token = try await client.register(email: uniqueEmail("importend"))
            let job = try await client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
            #expect(job["state"] as? String == "done")
            let jobID = (job["id"] as? String)?.lowercased()
            try await client.ws("/api/v1/live?since=0", configuration: socketConfiguration(token: token)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                let ended = try await reader.next(ofType: "stage.import.ended")
                #expect(ended.data["state"] as? String == "done")
                #expect(ended.data["filename"] as? String == "deck.zip")
                #expect((ended.data["jobId"] as? String)?.lowercased() == jobID)
                #expect(ended.data["seconds"] as? Double != nil || ended.data["seconds"] as? Int != nil)
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }
}

import CadenceCore
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import SpotsWeb
import StageWeb
import Talks
import TalksService
import TalksWeb
import TempoWeb
import Testing
import Web

/// What each feature pushes, read from the live event it comes from (the rules are registered at assembly; the
/// delivery itself is PushDeliveryTests').
@Suite(.timeLimit(.minutes(5))) struct PushRulesTests {
    static let rules: LivePushRules = {
        let rules = LivePushRules(catalogue: { Catalogues.bundled.messages($0) })
        SpotsPushRules.register(on: rules)
        TalksPushRules.register(on: rules)
        StagePushRules.register(on: rules)
        TempoPushRules.register(on: rules)
        return rules
    }()

    static func notification(_ type: String, _ data: String, in language: Language = .english) -> PushNotification? {
        rules.notification(for: LiveEvent(accountID: UUID(), seq: 1, type: type, at: 0, data: data), in: language)
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

    /// Issue 37: an alert fits a watch face that mirrors it — the title, then where or when in a few words; long
    /// notes are cut to their first words (the actions stay).
    @Test func anAlertsNotesAreCutToWhatAWatchFaceShows() throws {
        let notes = "Bring the blue folder with the signed contracts, the spare keys for the van and Ann's birthday card"
        let alert = try #require(Self.notification("spots.alert",
            #"{"reminderId":"A1","title":"Meet Ann","notes":"\#(notes)","kind":"arrive","late":false,"placeName":"Office"}"#))
        #expect(alert.title == "Meet Ann")
        #expect(alert.body == "You arrived at Office. Bring the blue folder with the signed contracts, the spare…")
        #expect(alert.actions.map(\.action) == ["complete", "snooze"])
        let lines = try #require(Self.notification("spots.alert",
            #"{"reminderId":"A1","title":"Shop","notes":"Milk\nEggs\nBread","kind":"time","late":false}"#))
        #expect(lines.body == "Due now. Milk…")
    }

    /// A Spanish account's alert says its words in Spanish; the reminder's title, notes and place stay as typed, and
    /// an English account's alert is unchanged.
    @Test func anAlertIsSaidInTheAccountsLanguage() throws {
        let event = #"{"reminderId":"A1","title":"Llamar a mamá","notes":"Her birthday","kind":"time","late":false,"due":1800000000000}"#
        let spanish = try #require(Self.notification("spots.alert", event, in: .spanish))
        #expect(spanish.title == "Llamar a mamá")
        #expect(spanish.body == "Vence ahora. Her birthday")
        #expect(spanish.actions == [.init(action: "complete", title: "Completar"), .init(action: "snooze", title: "Posponer 10 min")])
        #expect(spanish.data == ["reminderId": "A1", "kind": "time", "due": "1800000000000"])
        let english = try #require(Self.notification("spots.alert", event))
        #expect(english.body == "Due now. Her birthday")
        #expect(english.actions == [.init(action: "complete", title: "Complete"), .init(action: "snooze", title: "Snooze 10 min")])
        #expect(spanish.tag == english.tag && spanish.url == english.url && spanish.urgency == english.urgency)
        // What the service worker says should an action fail, with the placeholders it fills.
        #expect(spanish.texts["complete_failed"] == "No se pudo completar el recordatorio: {reason}.")
        #expect(english.texts == ["complete_failed": "Could not complete the reminder: {reason}.",
                                  "snooze_failed": "Could not snooze the reminder: {reason}.",
                                  "no_network": "no network", "server_answered": "the server answered {status}"])

        let late = #"{"reminderId":"A1","title":"Call mum","notes":"","kind":"time","late":true}"#
        #expect(Self.notification("spots.alert", late, in: .spanish)?.body == "Vencía mientras el servidor estaba caído.")
        let arriving = #"{"reminderId":"A2","title":"Lock up","notes":"","kind":"arrive","late":false,"placeName":"Oficina"}"#
        #expect(Self.notification("spots.alert", arriving, in: .spanish)?.body == "Llegaste a Oficina.")
        #expect(Self.notification("spots.alert", arriving)?.body == "You arrived at Oficina.")
        let nowhere = #"{"reminderId":"A2","title":"Lock up","notes":"","kind":"leave","late":false}"#
        #expect(Self.notification("spots.alert", nowhere, in: .spanish)?.body == "Saliste del lugar.")
        #expect(Self.notification("spots.alert", nowhere)?.body == "You left the place.")
    }

    /// Every feature's push in Spanish, and through the pseudo language: no word outside the catalogue but what the
    /// person typed (a talk's title, a file's name).
    @Test func everyFeaturesPushIsSaidInTheAccountsLanguage() throws {
        let cast = #"{"topic":{"title":"Keynote"},"serverTime":1}"#
        #expect(Self.notification("talk.cast", cast, in: .spanish)?.title == "Tu charla está en tu reloj")
        #expect(Self.notification("talk.cast", cast, in: .spanish)?.body == "Keynote")
        #expect(Self.notification("talk.cast", cast)?.title == "Your talk is on your watch")

        let imported = #"{"jobId":"J","state":"done","filename":"deck.pptx","stage":"Imported 1 slide","seconds":90,"#
            + #""stageKey":{"key":"stage.import.stage.imported","arguments":{"count":"1"}}}"#
        let done = try #require(Self.notification("stage.import.ended", imported, in: .spanish))
        #expect(done.title == "Diapositivas importadas" && done.body == "deck.pptx: 1 diapositiva importada")
        #expect(Self.notification("stage.import.ended", imported)?.body == "deck.pptx: Imported 1 slide")
        let failed = try #require(Self.notification("stage.import.ended",
            #"{"jobId":"J","state":"failed","filename":"deck.pdf","stage":"Failed","seconds":90}"#, in: .spanish))
        #expect(failed.title == "La importación de diapositivas ha fallado" && failed.body == "deck.pdf: La importación ha fallado.")
        // Why it failed, by key: in Spanish, the English message left for programs.
        let why = try #require(Self.notification("stage.import.ended",
            #"{"jobId":"J","state":"failed","filename":"deck.pdf","stage":"Failed","message":"The PDF has no pages.","seconds":90,"#
            + #""messageKeys":[{"key":"stage.error.import.no_pages","arguments":{}}]}"#, in: .spanish))
        #expect(why.body == "deck.pdf: El PDF no tiene páginas.")

        let analysed = try #require(Self.notification("tempo.analysis.ended", #"{"seconds":90,"analysed":1234,"failed":2}"#, in: .spanish))
        #expect(analysed.title == "Tu música está analizada")
        #expect(analysed.body == "1234 canciones tienen tempo. 2 no se pudieron leer." || analysed.body == "1.234 canciones tienen tempo. 2 no se pudieron leer.")
        #expect(Self.notification("tempo.analysis.ended", #"{"seconds":90,"analysed":1,"failed":0}"#)?.body == "1 song has a tempo.")

        let pseudo = try #require(Self.notification("spots.alert",
            #"{"reminderId":"A1","title":"Call mum","notes":"","kind":"arrive","placeName":"Office"}"#, in: .pseudo))
        #expect(pseudo.body == "⟦You arrived at Office.⟧")
        #expect(pseudo.actions.allSatisfy { $0.title.hasPrefix("⟦") })
        #expect(Self.notification("talk.cast", cast, in: .pseudo)?.title == "⟦Your talk is on your watch⟧")
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
            #"{"jobId":"J","state":"done","filename":"deck.pptx","stage":"Imported 12 slides","seconds":\#(seconds),"#
            + #""stageKey":{"key":"stage.import.stage.imported","arguments":{"count":"12"}}}"#)
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
        try await withTestServer(live: true) { server in try await withDeadline(180) {
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

/// Issue 37: a running talk's moments as the wrist shows them, made from the moment the scheduler claimed.
@Suite(.timeLimit(.minutes(5))) struct WristCuePushTests {
    func moments(duration: Int = 300, paceAt offset: Int64 = 0) throws -> (StoredRun, [WristCue]) {
        var topic = try Topic(title: "Talk", duration: duration)
        for (keyword, time) in [("Welcome", "0:00"), ("A story", "1:00"), ("Thanks", "4:00")] {
            try topic.insert(try topic.makeCue(keyword: keyword, time: time))
        }
        var run = TalkRun(topic: topic)
        try run.apply(RunStep(.start, at: 1_000_000))
        let stored = StoredRun(id: UUID(), topicID: topic.id, run: run, createdAt: Date())
        return (stored, run.wristCues(at: 1_000_000))
    }

    func notification(_ cue: WristCue, of run: StoredRun, in language: Language = .english) throws -> PushNotification {
        let data = String(decoding: try JSONSerialization.data(withJSONObject: LiveWristCueSender.data(cue, of: run)), as: UTF8.self)
        return try #require(PushRulesTests.notification("talk.wrist", data, in: language))
    }

    @Test func aCueIsTheKeywordWithWhereTheTalkStandsShortEnoughForAWatch() throws {
        let (run, moments) = try moments()
        let second = try notification(moments[1], of: run)
        #expect(second.title == "A story")
        #expect(second.body == "2 of 3 · 4:00 · next: Thanks")  // 4:00 of the talk left
        #expect(second.tag == "talk-\(run.id.uuidString.lowercased())")
        #expect(second.urgency == .high && second.timeToLive == 30)
        #expect(second.wristCuesOnly)
        #expect(second.url == "/phone/talks/\(run.topicID.uuidString.lowercased())")
        #expect(second.actions.map(\.action) == ["talk-next", "talk-pause"])
        #expect(second.data == ["runId": run.id.uuidString.lowercased()])
        let last = try notification(moments[3], of: run)  // after "2 minutes left"
        #expect(last.body == "3 of 3 · 1:00")
        let spanish = try notification(moments[1], of: run, in: .spanish)
        #expect(spanish.body == "2 de 3 · 4:00 · luego: Thanks")
        #expect(spanish.actions.map(\.title) == ["Siguiente", "Pausa"])
    }

    @Test func twoMinutesLeftAndTimesUpHaveTheirOwnWordsAndBuzz() throws {
        let (run, moments) = try moments()
        let kinds = moments.map(\.key)
        #expect(kinds == ["cue-0", "cue-1", "left-120", "cue-2", "end"])
        let left = try notification(moments[2], of: run)
        #expect(left.title == "2 minutes left" && left.body == "Now: A story")
        let end = try notification(moments[4], of: run)
        #expect(end.title == "Time's up" && end.actions.isEmpty)
        #expect(Set([left.vibrate, end.vibrate, try notification(moments[1], of: run).vibrate]).count == 3)
    }

    /// The buzz says the pace: a cue shown by Next while the next one is due within 10 s is amber, one held past
    /// its time (paused) red.
    @Test func thePaceColourPicksTheVibration() throws {
        let payload = { (pace: String) throws -> [Int]? in
            try #require(PushRulesTests.notification("talk.wrist",
                #"{"runId":"r","topicId":"t","kind":"cue","index":0,"total":2,"keyword":"K","next":"L","remaining":60,"pace":"\#(pace)"}"#)).vibrate
        }
        #expect(try payload("onTime") == [250])
        #expect(try payload("dueSoon") == [200, 100, 200])
        #expect(try payload("overdue") == [400, 100, 400, 100, 400])
        // And the service worker gets it in the payload.
        let object = try JSONSerialization.jsonObject(with: try #require(PushRulesTests.notification("talk.wrist",
            #"{"runId":"r","kind":"cue","index":0,"total":1,"keyword":"K","remaining":5,"pace":"dueSoon"}"#)).payload) as? [String: Any]
        #expect(object?["vibrate"] as? [Int] == [200, 100, 200])
    }
}

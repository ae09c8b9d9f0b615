import CadenceCore
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PlatformService
import Testing

/// Web Push end to end: a subscription made through the API, an event that pushes (a place alert, "find my
/// device"), and a push service on this machine that receives the request, whose body the test's own browser keys
/// decrypt. Runs on SQLite and on PostgreSQL.
@Suite(.timeLimit(.minutes(5))) struct PushDeliveryTests {
    static let gate = SpotsPlaceAlertTests.gate

    /// A server whose retries wait milliseconds, not seconds.
    static func withPushServer(_ body: @escaping @Sendable (TestServer, PushReceiver, String) async throws -> Void) async throws {
        let receiver = PushReceiver()
        try await receiver.run { base in
            try await withTestServer(live: true, configure: { $0.pushRetry = PushRetryPolicy(attempts: 3, firstDelay: 0.02) }) { server in
                try await withDeadline(180) { try await body(server, receiver, base) }
            }
        }
    }

    static func subscribe(_ client: some TestClientProtocol, _ browser: PushBrowser, endpoint: String, token: String) async throws
        -> [String: Any]
    {
        let response = try await client.json(.post, "/api/v1/push/subscriptions", body: browser.subscriptionJSON(endpoint: endpoint), token: token)
        #expect(response.status == .created, "\(response.text)")
        return response.object
    }

    /// A place reminder at the gate and a report there: one `spots.alert`.
    static func firePlaceAlert(_ server: TestServer, token: String, title: String = "Meet Ann") async throws -> String {
        let reminder = try await server.client.createReminder(
            SpotsFixture.placeReminder(title: title, name: "Brandenburg Gate", latitude: gate.latitude, longitude: gate.longitude), token: token)
        let report = try await server.client.json(.post, "/api/v1/spots/locations",
            body: SpotsFixture.reports([SpotsPlaceAlertTests.fix(0, accuracy: 20, at: server.clock.now())]), token: token)
        #expect(report.object["fired"] as? Int == 1, "\(report.text)")
        return try #require(reminder["id"] as? String)
    }

    static func waitForRequests(_ receiver: PushReceiver, count: Int) async throws {
        #expect(try await eventually { receiver.requests.count >= count }, "expected \(count) pushes, got \(receiver.requests.count)")
        try await Task.sleep(for: .milliseconds(300))  // and no more than that arrive
    }

    @Test func aPlaceAlertIsPushedOnceEncryptedForTheSubscriber() async throws {
        try await Self.withPushServer { server, receiver, base in
            let token = try await server.client.register(email: uniqueEmail("push"))
            let browser = PushBrowser()
            _ = try await Self.subscribe(server.client, browser, endpoint: "\(base)/push/phone", token: token)
            let id = try await Self.firePlaceAlert(server, token: token)
            try await Self.waitForRequests(receiver, count: 1)
            #expect(receiver.requests.count == 1)
            let push = try #require(receiver.requests.first)
            #expect(push.path == "/push/phone")
            #expect(push.headers["content-encoding"] == "aes128gcm")
            #expect(push.headers["ttl"] == "3600")
            #expect(push.headers["urgency"] == "high")
            #expect((push.headers["topic"]?.count ?? 0) <= 32)

            // Signed by the installation's key, the one browsers subscribe with, for this push service.
            let key = try await server.client.json(.get, "/api/v1/push/key", token: token).object["publicKey"] as? String
            let authorization = try #require(push.headers["authorization"])
            #expect(authorization.hasSuffix(",k=\(try #require(key))"))
            let jwt = authorization.dropFirst("vapid t=".count).prefix { $0 != "," }.components(separatedBy: ".")
            let claims = try JSONSerialization.jsonObject(with: try #require(PushBrowser.data(base64URL: jwt[1]))) as? [String: Any]
            #expect(claims?["aud"] as? String == base)
            let signer = try P256.Signing.PublicKey(x963Representation: try #require(PushBrowser.data(base64URL: key!)))
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(PushBrowser.data(base64URL: jwt[2])))
            #expect(signer.isValidSignature(signature, for: Data("\(jwt[0]).\(jwt[1])".utf8)))

            // What the service worker will show.
            let shown = try JSONSerialization.jsonObject(with: try browser.decrypt(push.body)) as? [String: Any] ?? [:]
            #expect(shown["title"] as? String == "Meet Ann")
            #expect(shown["body"] as? String == "You arrived at Brandenburg Gate.")
            #expect((shown["actions"] as? [[String: String]])?.map { $0["action"] } == ["complete", "snooze"])
            #expect((shown["data"] as? [String: String])?["reminderId"]?.lowercased() == id.lowercased())

            // The subscription notes when it last worked.
            let listed = try await server.client.json(.get, "/api/v1/push/subscriptions", token: token)
            #expect((listed.array.first?["lastDeliveredAt"] as? String) != nil, "\(listed.text)")
        }
    }

    /// The push is said in the account's language (looked up when it is delivered): a Spanish account's alert
    /// reads in Spanish, its reminder's title and place as typed; an English account's is unchanged.
    @Test func anAlertIsPushedInTheAccountsLanguage() async throws {
        try await Self.withPushServer { server, receiver, base in
            let client = server.client
            let spanish = try await client.register(email: uniqueEmail("pushes"))
            let set = try await client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: spanish)
            #expect(set.status == .ok, "\(set.text)")
            let english = try await client.register(email: uniqueEmail("pushen"))
            let spanishBrowser = PushBrowser()
            let englishBrowser = PushBrowser()
            _ = try await Self.subscribe(client, spanishBrowser, endpoint: "\(base)/push/es", token: spanish)
            _ = try await Self.subscribe(client, englishBrowser, endpoint: "\(base)/push/en", token: english)

            _ = try await Self.firePlaceAlert(server, token: spanish, title: "Ver a Ana")
            _ = try await Self.firePlaceAlert(server, token: english)
            try await Self.waitForRequests(receiver, count: 2)
            let pushes = Dictionary(receiver.requests.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let es = try JSONSerialization.jsonObject(with: try spanishBrowser.decrypt(try #require(pushes["/push/es"]).body)) as? [String: Any] ?? [:]
            #expect(es["title"] as? String == "Ver a Ana")
            #expect(es["body"] as? String == "Llegaste a Brandenburg Gate.")
            #expect((es["actions"] as? [[String: String]]) == [["action": "complete", "title": "Completar"],
                                                               ["action": "snooze", "title": "Posponer 10 min"]])
            let en = try JSONSerialization.jsonObject(with: try englishBrowser.decrypt(try #require(pushes["/push/en"]).body)) as? [String: Any] ?? [:]
            #expect(en["title"] as? String == "Meet Ann")
            #expect(en["body"] as? String == "You arrived at Brandenburg Gate.")
            #expect((en["actions"] as? [[String: String]]) == [["action": "complete", "title": "Complete"],
                                                               ["action": "snooze", "title": "Snooze 10 min"]])
        }
    }

    @Test func aSubscriptionThePushServiceCallsGoneIsRemoved() async throws {
        try await Self.withPushServer { server, receiver, base in
            let token = try await server.client.register(email: uniqueEmail("gone"))
            _ = try await Self.subscribe(server.client, PushBrowser(), endpoint: "\(base)/push/gone", token: token)
            receiver.answer([410])
            _ = try await Self.firePlaceAlert(server, token: token)
            try await Self.waitForRequests(receiver, count: 1)
            #expect(try await eventually { try await server.client.json(.get, "/api/v1/push/subscriptions", token: token).array.isEmpty })
            #expect(receiver.requests.count == 1)  // never retried
        }
    }

    @Test func aFailingPushServiceIsTriedAgainAndThenGivenUp() async throws {
        try await Self.withPushServer { server, receiver, base in
            let token = try await server.client.register(email: uniqueEmail("retry"))
            _ = try await Self.subscribe(server.client, PushBrowser(), endpoint: "\(base)/push/busy", token: token)
            receiver.answer([500, 503])  // then 201
            _ = try await Self.firePlaceAlert(server, token: token)
            try await Self.waitForRequests(receiver, count: 3)
            #expect(receiver.requests.count == 3)
            // Three answers of 500: given up, the reason kept for the devices page; the subscription stays.
            receiver.answer([500, 500, 500])
            _ = try await Self.firePlaceAlert(server, token: token, title: "Second")
            try await Self.waitForRequests(receiver, count: 6)
            #expect(receiver.requests.count == 6)
            #expect(try await eventually {
                let listed = try await server.client.json(.get, "/api/v1/push/subscriptions", token: token).array
                return listed.first?["lastError"] as? String == "The push service answered 500 3 times."
            })
        }
    }

    @Test func aModuleThePersonTurnedOffDoesNotPush() async throws {
        try await Self.withPushServer { server, receiver, base in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("muted"))
            _ = try await Self.subscribe(client, PushBrowser(), endpoint: "\(base)/push/muted", token: token)
            let set = try await client.json(.put, "/api/v1/push/preferences", body: #"{"modules":{"spots":false}}"#, token: token)
            #expect(set.status == .ok)
            let modules = try await client.json(.get, "/api/v1/push/preferences", token: token).object["modules"] as? [String: Bool]
            #expect(modules == ["spots": false, "devices": true, "talks": true, "stage": true, "tempo": true])
            _ = try await Self.firePlaceAlert(server, token: token)
            try await Task.sleep(for: .milliseconds(500))
            #expect(receiver.requests.isEmpty)

            let wrong = try await client.json(.put, "/api/v1/push/preferences", body: #"{"modules":{"weather":true}}"#, token: token)
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("weather"))
        }
    }

    /// Muting Talks stops a talk's cues on the wrist and leaves a planned run's intervals there (each feature's own
    /// switch: the wrist schedulers ask about their own module).
    @Test func mutingTalksLeavesARunsIntervalsOnTheWrist() async throws {
        try await Self.withPushServer { server, receiver, base in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("wrist-muted"))
            let browser = PushBrowser()
            _ = try await Self.subscribe(client, browser, endpoint: "\(base)/push/wrist", token: token)
            #expect(try await client.json(.put, "/api/v1/push/wrist-cues", body: #"{"endpoint":"\#(base)/push/wrist","on":true}"#, token: token)
                .status == .ok)
            #expect(try await client.json(.put, "/api/v1/push/preferences", body: #"{"modules":{"talks":false}}"#, token: token).status == .ok)

            let topic = try await client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token).object
            let talk = try await client.json(.post, "/api/v1/talks/runs", body: #"{"topicId":"\#(try #require(topic["id"] as? String))"}"#, token: token)
            #expect(talk.status == .created, "\(talk.text)")
            let plan = try await client.json(.post, "/api/v1/tempo/plans", body: #"""
                {"name":"Twenties","activity":"running","steps":[{"interval":{"name":"Sprint","length":{"seconds":20},"target":{"cadence":175}}}]}
                """#, token: token).object
            let planID = try #require((plan["plan"] as? [String: Any])?["id"] as? String)
            let startedAt = ISO8601DateFormatter().string(from: server.clock.now())
            let run = try await client.json(.post, "/api/v1/tempo/runs", body: #"{"id":"\#(UUID())","startedAt":"\#(startedAt)","planId":"\#(planID)"}"#,
                                            token: token)
            #expect(run.status == .created, "\(run.text)")

            try await Self.waitForRequests(receiver, count: 1)
            let titles = try receiver.requests.map { try JSONSerialization.jsonObject(with: try browser.decrypt($0.body)) as? [String: Any] }
                .map { $0?["title"] as? String }
            #expect(titles == ["Sprint"], "the run's first interval, and not the talk's first cue")
        }
    }

    /// "Find my device" rings that device alone; a device's subscription goes with the device, a browser's with
    /// its session; nobody sees or removes another account's.
    @Test func subscriptionsBelongToTheirDeviceAndAccount() async throws {
        try await Self.withPushServer { server, receiver, base in
            let client = server.client
            let account = try await LiveAccount.make(client)
            let watch = try await Self.subscribe(client, PushBrowser(), endpoint: "\(base)/push/watch", token: account.deviceToken)
            #expect(watch["label"] as? String == "Watch")
            #expect(watch["role"] as? String == "watch")
            let phone = try await Self.subscribe(client, PushBrowser(), endpoint: "\(base)/push/phone", token: account.personToken)
            #expect(phone["role"] as? String == "phone")

            #expect(try await account.find(client).status == .accepted)
            try await Self.waitForRequests(receiver, count: 1)
            #expect(receiver.requests.map(\.path) == ["/push/watch"])

            let stranger = try await client.register(email: uniqueEmail("stranger"))
            #expect(try await client.json(.get, "/api/v1/push/subscriptions", token: stranger).array.isEmpty)
            let phoneID = try #require(phone["id"] as? String)
            #expect(try await client.json(.delete, "/api/v1/push/subscriptions/\(phoneID)", token: stranger).status == .notFound)

            #expect(try await client.json(.delete, "/api/v1/devices/\(account.deviceID)", token: account.personToken).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/push/subscriptions", token: account.personToken).array.map { $0["id"] as? String }
                        == [phoneID])
            let email = try #require(try await client.json(.get, "/api/v1/auth/me", token: account.personToken).object["email"] as? String)
            #expect(try await client.json(.post, "/api/v1/auth/logout", token: account.personToken).status == .noContent)
            let signedInAgain = try #require(try await client.login(email: email, password: "correct horse battery").object["token"] as? String)
            #expect(try await client.json(.get, "/api/v1/push/subscriptions", token: signedInAgain).array.isEmpty)
        }
    }

    @Test func aSubscriptionThatCannotWorkIsRefusedNamingWhatIsWrong() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("badsub"))
            let key = PushBrowser.base64URL(PushBrowser().key.publicKey.x963Representation)
            for (body, field) in [
                (#"{"endpoint":"ftp://push.example/x","keys":{"p256dh":"\#(key)","auth":"AAAAAAAAAAAAAAAAAAAAAA"}}"#, "endpoint"),
                (#"{"endpoint":"https://push.example/x","keys":{"p256dh":"AAAA","auth":"AAAAAAAAAAAAAAAAAAAAAA"}}"#, "keys.p256dh"),
                (#"{"endpoint":"https://push.example/x","keys":{"p256dh":"\#(key)","auth":"AAAA"}}"#, "keys.auth"),
                (#"{"endpoint":"https://push.example/x"}"#, "keys"),
            ] {
                let response = try await client.json(.post, "/api/v1/push/subscriptions", body: body, token: token)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.text.contains(field), "\(response.text)")
            }
            #expect(try await client.json(.get, "/api/v1/push/subscriptions", token: token).array.isEmpty)
        }
    }
}

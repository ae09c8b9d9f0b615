import Foundation
import Hummingbird
import HummingbirdTesting
import PlatformStorage
import Storage
import Testing

extension TestClientProtocol {
    /// Asks for a pairing code as the signed-in person; returns (code, pairing id).
    func startPairing(token: String) async throws -> (code: String, id: String) {
        let response = try await json(.post, "/api/v1/devices/pairings", token: token)
        guard response.status == .created, let code = response.object["code"] as? String, let id = response.object["id"] as? String else {
            throw TestFailure("pairing failed: \(response.status) \(response.text)")
        }
        return (code, id)
    }

    func pair(code: String, role: String = "watch", name: String = "Wrist", pairingID: String? = nil) async throws -> TestResponse {
        let pairing = pairingID.map { #","pairingId":"\#($0)""# } ?? ""
        return try await json(.post, "/api/v1/devices/pair", body: #"{"code":"\#(code)","role":"\#(role)","name":"\#(name)"\#(pairing)}"#)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DevicesAPITests {
    @Test func aWatchPairsWithTheCodeFromThePhone() async throws {
        try await withTestServer { server in
            let person = try await server.client.register(email: uniqueEmail())
            let pairing = try await server.client.startPairing(token: person)
            #expect(pairing.code.count == 6)

            let paired = try await server.client.pair(code: pairing.code, role: "watch", name: "Ann's watch")
            #expect(paired.status == .created)
            let deviceToken = try #require(paired.object["token"] as? String)
            #expect(deviceToken.hasPrefix("dvc_"))
            #expect(paired.cookie("cadence_device")?.contains("HttpOnly") == true)

            let me = try await server.client.json(.get, "/api/v1/devices/me", token: deviceToken)
            #expect(me.object["name"] as? String == "Ann's watch")
            #expect(me.object["role"] as? String == "watch")
            let listed = try await server.client.json(.get, "/api/v1/devices", token: person).array
            #expect(listed.map { $0["name"] as? String } == ["Ann's watch"])

            // The code worked once.
            let again = try await server.client.pair(code: pairing.code)
            #expect(again.status == .badRequest)
            #expect(again.errorCode == "wrong_code")
        }
    }

    @Test func aCodeExpiresAfterFiveMinutes() async throws {
        try await withTestServer { server in
            let person = try await server.client.register(email: uniqueEmail())
            let pairing = try await server.client.startPairing(token: person)
            server.clock.advance(by: 301)
            #expect(try await server.client.pair(code: pairing.code).errorCode == "wrong_code")
            let named = try await server.client.pair(code: pairing.code, pairingID: pairing.id)
            #expect(named.errorCode == "code_closed")
            #expect(named.errorMessage?.contains("expired") == true)
        }
    }

    @Test func aLinkedPairingDiesAfterFiveWrongCodes() async throws {
        try await withTestServer { server in
            let person = try await server.client.register(email: uniqueEmail())
            let pairing = try await server.client.startPairing(token: person)
            let wrong = pairing.code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                #expect(try await server.client.pair(code: wrong, pairingID: pairing.id).errorCode == "wrong_code")
            }
            // (The sender is throttled now too; the code itself is dead for every sender.)
            let pairingID = try #require(UUID(uuidString: pairing.id))
            let stored = try #require(try await SQLPairingRepository(database: server.database).find(id: pairingID))
            #expect(stored.wrongGuesses == 5)
            #expect(stored.state(at: server.clock.now()) == .exhausted)
            #expect(try await SQLPairingRepository(database: server.database).open(code: pairing.code, at: server.clock.now()) == nil)
        }
    }

    @Test func wrongCodesAreThrottledPerAddress() async throws {
        try await withTestServer { server in
            let person = try await server.client.register(email: uniqueEmail())
            let pairing = try await server.client.startPairing(token: person)
            let wrong = pairing.code == "000000" ? "111111" : "000000"
            for _ in 0..<5 { _ = try await server.client.pair(code: wrong) }
            let throttled = try await server.client.pair(code: pairing.code)
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] != nil)
        }
    }

    @Test func badPairingInputNamesTheField() async throws {
        try await withTestServer { server in
            #expect(try await server.client.pair(code: "12ab56").errorField == "code")
            #expect(try await server.client.pair(code: "123456", role: "toaster").errorField == "role")
            #expect(try await server.client.pair(code: "123456", name: " ").errorField == "name")
            let missing = try await server.client.json(.post, "/api/v1/devices/pair", body: #"{"code":"123456"}"#)
            #expect(missing.errorCode == "missing_field")
        }
    }

    @Test func devicesAreRenamedAndRevokedByTheirOwnerOnly() async throws {
        try await withTestServer { server in
            let ann = try await server.client.register(email: uniqueEmail("ann"))
            let bob = try await server.client.register(email: uniqueEmail("bob"))
            let paired = try await server.client.pair(code: try await server.client.startPairing(token: ann).code)
            let deviceToken = try #require(paired.object["token"] as? String)
            let deviceID = try #require((paired.object["device"] as? [String: Any])?["id"] as? String)

            #expect(try await server.client.json(.patch, "/api/v1/devices/\(deviceID)", body: #"{"name":"Mine now"}"#, token: bob).status == .notFound)
            #expect(try await server.client.json(.delete, "/api/v1/devices/\(deviceID)", token: bob).status == .notFound)
            #expect(try await server.client.json(.get, "/api/v1/devices", token: bob).array.isEmpty)

            let renamed = try await server.client.json(.patch, "/api/v1/devices/\(deviceID)", body: #"{"name":"Hall screen"}"#, token: ann)
            #expect(renamed.object["name"] as? String == "Hall screen")
            // A device cannot manage devices or act as the person.
            #expect(try await server.client.json(.delete, "/api/v1/devices/\(deviceID)", token: deviceToken).status == .forbidden)
            #expect(try await server.client.json(.post, "/api/v1/devices/pairings", token: deviceToken).status == .forbidden)

            #expect(try await server.client.json(.delete, "/api/v1/devices/\(deviceID)", token: ann).status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/devices/me", token: deviceToken).status == .unauthorized)
        }
    }
}

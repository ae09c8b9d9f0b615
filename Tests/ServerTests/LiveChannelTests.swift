import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import Synchronization
import Testing

/// Reads JSON messages from a socket. (Each socket test runs inside `withDeadline`, so a
/// missing message fails the test instead of hanging it.)
struct LiveReader {
    var iterator: WebSocketInboundMessageStream.AsyncIterator

    init(_ inbound: WebSocketInboundStream) {
        iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
    }

    mutating func next() async throws -> [String: Any] {
        let message = try await iterator.next()
        guard case .text(let text)? = message,
              let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { throw TestFailure("expected a JSON text message, got \(String(describing: message))") }
        return object
    }

    /// Reads until the server closes the socket.
    mutating func drain() async throws {
        while try await iterator.next() != nil {}
    }

    /// Skips notices such as presence until a message of `type` arrives.
    mutating func next(ofType type: String) async throws -> [String: Any] {
        for _ in 0..<20 {
            let message = try await next()
            if message["type"] as? String == type { return message }
        }
        throw TestFailure("no \(type) message")
    }
}

extension [String: Any] {
    var data: [String: Any] { self["data"] as? [String: Any] ?? [:] }
    var seq: Int? { self["seq"] as? Int }
}

/// An account with one paired watch, ready for live tests.
struct LiveAccount {
    let personToken: String
    let deviceToken: String
    let deviceID: String

    static func make(_ client: some TestClientProtocol) async throws -> LiveAccount {
        let person = try await client.register(email: uniqueEmail("live"))
        let paired = try await client.pair(code: try await client.startPairing(token: person).code, name: "Watch")
        guard let token = paired.object["token"] as? String,
              let id = (paired.object["device"] as? [String: Any])?["id"] as? String
        else { throw TestFailure("pairing failed: \(paired.text)") }
        return LiveAccount(personToken: person, deviceToken: token, deviceID: id)
    }

    func find(_ client: some TestClientProtocol, commandID: String = UUID().uuidString) async throws -> TestResponse {
        try await client.json(.post, "/api/v1/live/commands",
            body: #"{"id":"\#(commandID)","type":"device.find","data":{"deviceId":"\#(deviceID)"}}"#, token: personToken)
    }
}

/// Fails the test if `body` takes longer than `seconds`.
/// A guard against a socket test hanging, not a timing check: the whole suite runs in parallel on
/// shared machines, where a test that normally takes a second can take twenty.
func withDeadline(_ seconds: Int = 180, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TestFailure("the socket test took longer than \(seconds) s")
        }
        try await group.next()
        group.cancelAll()
    }
}

func socketConfiguration(token: String) -> WebSocketClientConfiguration {
    .init(additionalHeaders: [.authorization: "Bearer \(token)"])
}

@Suite(.timeLimit(.minutes(5))) struct LiveChannelTests {
    @Test func aDeviceReceivesEventsAsTheyHappen() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let client = server.client
            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                let hello = try await reader.next(ofType: "hello")
                #expect(hello.data["deviceId"] as? String == account.deviceID.lowercased())
                #expect(try await account.find(client).status == .accepted)
                let event = try await reader.next(ofType: "device.find")
                #expect(event.seq != nil)
                #expect(event.data["deviceId"] as? String == account.deviceID.lowercased())
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }

    @Test func aReconnectingDeviceReceivesWhatItMissedInOrder() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let helloSeq = Mutex(0)
            for _ in 0..<3 { _ = try await account.find(server.client) }
            try await server.client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                let seq = try #require(try await reader.next(ofType: "hello").data["seq"] as? Int)
                helloSeq.withLock { $0 = seq }
                try await outbound.close(.normalClosure, reason: nil)
            }
            let latest = helloSeq.withLock { $0 }
            #expect(latest >= 3)
            try await server.client.ws("/api/v1/live?since=\(latest - 2)", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                let first = try await reader.next(ofType: "device.find")
                let second = try await reader.next(ofType: "device.find")
                #expect(first.seq == latest - 1)
                #expect(second.seq == latest)
                #expect(try await reader.next(ofType: "hello").data["seq"] as? Int == latest)
                try await outbound.close(.normalClosure, reason: nil)
            }
            // A seq the server never issued cannot be resumed from: the device must reload.
            try await server.client.ws("/api/v1/live?since=\(latest + 100)", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                #expect(try await reader.next(ofType: "resync").data["seq"] as? Int == latest)
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }

    @Test func aResentCommandIsAppliedOnce() async throws {
        try await withTestServer { server in
            let account = try await LiveAccount.make(server.client)
            let id = UUID().uuidString
            let first = try await account.find(server.client, commandID: id)
            let again = try await account.find(server.client, commandID: id)
            #expect(first.object["duplicate"] as? Bool == false)
            #expect(again.object["duplicate"] as? Bool == true)
            #expect(try await account.find(server.client, commandID: "not-a-uuid").errorField == "id")
        }
    }

    @Test func anotherAccountNeverSeesTheEvents() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let ann = try await LiveAccount.make(server.client)
            let bob = try await LiveAccount.make(server.client)
            let client = server.client
            // Bob cannot aim a command at Ann's device.
            let aimed = try await client.json(.post, "/api/v1/live/commands",
                body: #"{"id":"\#(UUID())","type":"device.find","data":{"deviceId":"\#(ann.deviceID)"}}"#, token: bob.personToken)
            #expect(aimed.status == .notFound)
            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: bob.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                _ = try await ann.find(client)
                _ = try await bob.find(client)
                let event = try await reader.next(ofType: "device.find")
                #expect(event.data["deviceId"] as? String == bob.deviceID.lowercased())
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }

    @Test func aRevokedDevicesSocketIsClosed() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let client = server.client
            let close = try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, _, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                #expect(try await client.json(.delete, "/api/v1/devices/\(account.deviceID)", token: account.personToken).status == .noContent)
                try await reader.drain()  // until the server closes
            }
            // Closed by the revocation (policy violation), not by a missed ping; no timing is asserted, as a loaded
            // machine (the suite beside a build) can take seconds to set the account up.
            #expect(close?.closeCode == .policyViolation)
            #expect(try await client.json(.get, "/api/v1/devices/me", token: account.deviceToken).status == .unauthorized)
        } }
    }

    @Test func badFramesGetAnErrorAndTheChannelStaysUp() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            try await server.client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                try await outbound.writeTextMessage("this is not json")
                #expect(try await reader.next(ofType: "error").data["code"] as? String == "invalid_json")
                try await outbound.writeTextMessage(#"{"id":"\#(UUID())","type":"made.up","data":{}}"#)
                #expect(try await reader.next(ofType: "error").data["code"] as? String == "unknown_type")
                try await outbound.writeTextMessage(#"{"type":"device.find","data":{}}"#)
                #expect(try await reader.next(ofType: "error").data["field"] as? String == "id")
                try await outbound.writeTextMessage(#"{"id":"\#(UUID())","type":"device.find","data":"x"}"#)
                #expect(try await reader.next(ofType: "error").data["field"] as? String == "data")
                try await outbound.writeBinaryMessage(ByteBuffer(bytes: [0, 1, 2]))
                #expect(try await reader.next(ofType: "error").data["code"] as? String == "unsupported_frame")
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                _ = try await reader.next(ofType: "pong")
                // A message sent in fragments is one message.
                try await outbound.withTextMessageWriter { write in
                    try await write(#"{"type":"#)
                    try await write(#""ping"}"#)
                }
                _ = try await reader.next(ofType: "pong")
                try await outbound.close(.normalClosure, reason: nil)
            }
            // An oversized frame closes that socket with a reason; the server carries on.
            let close = try await server.client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                try await outbound.writeTextMessage(String(repeating: "x", count: 40_000))
                try await reader.drain()
            }
            #expect(close?.closeCode == .messageTooLarge)
            #expect(try await server.client.json(.get, "/healthz").status == .ok)
        } }
    }

    @Test func theChannelRefusesStrangersAndOtherSites() async throws {
        try await withTestServer { server in
            let account = try await LiveAccount.make(server.client)
            let upgrade: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade", .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .secWebSocketVersion: "13"]
            let anonymous = try await server.client.execute(uri: "/api/v1/live", method: .get, headers: upgrade)
            #expect(anonymous.status == .unauthorized)
            var forged = upgrade
            forged[.authorization] = "Bearer dvc_not-a-token"
            #expect(try await server.client.execute(uri: "/api/v1/live", method: .get, headers: forged).status == .unauthorized)
            var crossSite = upgrade
            crossSite[.cookie] = "cadence_device=\(account.deviceToken)"
            crossSite[.origin] = "https://evil.example"
            #expect(try await server.client.execute(uri: "/api/v1/live", method: .get, headers: crossSite).status == .forbidden)
            var plain: HTTPFields = [:]
            plain[.authorization] = "Bearer \(account.deviceToken)"
            #expect(try await server.client.execute(uri: "/api/v1/live", method: .get, headers: plain).status == .upgradeRequired)
            var badSince = upgrade
            badSince[.authorization] = "Bearer \(account.deviceToken)"
            #expect(try await server.client.execute(uri: "/api/v1/live?since=-3", method: .get, headers: badSince).status == .badRequest)
        }
    }
}

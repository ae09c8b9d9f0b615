import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import NIOPosix
import Server
import Testing

/// The server pings each live socket; one that never answers is closed and stops counting as online, one that
/// answers stays. (Pings every 200 ms or 5 s here; 15 s in service.)
@Suite(.timeLimit(.minutes(5))) struct LiveKeepAliveTests {
    static func fastPings(_ dependencies: inout ServerDependencies) {
        dependencies.connectionLimits.webSocketPingInterval = .milliseconds(200)
    }

    /// Slow enough that a test client starved for a moment by the parallel suite still answers in time (at 2 s, a
    /// clean-clone CI run on a busy machine once missed one and lost the socket).
    static func fiveSecondPings(_ dependencies: inout ServerDependencies) {
        dependencies.connectionLimits.webSocketPingInterval = .seconds(5)
    }

    static func rarePings(_ dependencies: inout ServerDependencies) {
        dependencies.connectionLimits.webSocketPingInterval = .seconds(600)
    }

    @Test func aSocketThatNeverAnswersIsClosedAndGoesOffline() async throws {
        try await withTestServer(live: true, configure: Self.fastPings) { server in try await withDeadline(180) {
            let account = try await LiveAccount.make(server.client)
            let port = try #require(server.client.port)
            let received = try await RawSocket.exchange(port: port, RawSocket.upgrade(port: port, headers: ["Authorization: Bearer \(account.deviceToken)"]))
            #expect(received.starts(with: Array("HTTP/1.1 101".utf8)))
            // A ping frame (FIN + opcode 9, empty) came before the server gave up.
            #expect(received.indices.contains { received[$0] == 0x89 && received.indices.contains($0 + 1) && received[$0 + 1] == 0 })
            var online: [[String: Any]] = [["still": "online"]]
            for _ in 0..<100 where !online.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                online = try await server.client.json(.get, "/api/v1/live/presence", token: account.personToken).object["online"] as? [[String: Any]] ?? []
            }
            #expect(online.isEmpty)
        } }
    }

    @Test func aSocketThatAnswersPingsStaysOpen() async throws {
        try await withTestServer(live: true, configure: Self.fiveSecondPings) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let client = server.client
            // HummingbirdWSClient answers pings with pongs while it reads, as browsers always do.
            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                async let found = Task {
                    try await Task.sleep(for: .seconds(11))  // two pings answered (at 5 s and 10 s)
                    return try await account.find(client).status
                }.value
                _ = try await reader.next(ofType: "device.find")
                #expect(try await found == .accepted)
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }

    /// A refused upgrade is answered like the route's plain request would be, with the reason, and closed.
    @Test func aRefusedUpgradeGetsTheRoutesAnswer() async throws {
        try await withTestServer(live: true) { server in try await withDeadline(180) {
            let account = try await LiveAccount.make(server.client)
            let port = try #require(server.client.port)
            for (headers, status, code) in [
                ([String](), "401", "unauthorized"),
                (["Authorization: Bearer dvc_not-a-token"], "401", "unauthorized"),
                (["Cookie: cadence_device=\(account.deviceToken)", "Origin: https://evil.example"], "403", "cross_origin"),
            ] {
                let answer = String(decoding: try await RawSocket.exchange(port: port, RawSocket.upgrade(port: port, headers: headers)), as: UTF8.self)
                #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(headers): \(answer)")
                #expect(answer.contains(#""code":"\#(code)""#), "\(headers): \(answer)")
            }
        } }
    }

    /// A device back online sends its whole queue at once (live.js does): the server reads as fast as it answers,
    /// and answers every command in order, however many.
    @Test func aBurstOfCommandsIsAnsweredInOrderWithoutClosing() async throws {
        // Pings are the other tests' subject: here a client starved by the parallel suite on a busy machine (it once
        // took 47 s on PostgreSQL, and its late pong cost it the socket) must not be cut loose for a pong.
        try await withTestServer(live: true, configure: Self.rarePings) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            try await server.client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var reader = LiveReader(inbound)
                _ = try await reader.next(ofType: "hello")
                // 100 commands: each is answered with an ack and a device.find event to this same device, 200 messages,
                // within the server's 256-message buffer for one socket — so a test client starved of CPU on a busy
                // machine is not cut loose (a client that stops reading rightly is, once its events fill the buffer).
                let ids = (0..<100).map { _ in UUID().uuidString.lowercased() }
                // Written all at once while the answers are read, as a browser does.
                let burst = Task {
                    for id in ids {
                        try await outbound.writeTextMessage(#"{"id":"\#(id)","type":"device.find","data":{"deviceId":"\#(account.deviceID)"}}"#)
                    }
                }
                defer { burst.cancel() }
                var acknowledged: [String] = []
                while acknowledged.count < ids.count {
                    let message = try await reader.next()
                    if message["type"] as? String == "ack", let id = message.data["id"] as? String { acknowledged.append(id) }
                }
                #expect(acknowledged == ids)
                try await burst.value
                try await outbound.close(.normalClosure, reason: nil)
            }
        } }
    }
}

/// A client on a bare TCP connection: it writes a request and reads until the server closes. Used as a device that
/// opens the live socket and then says nothing at all, not even a pong (a phone that lost its network).
enum RawSocket {
    static func upgrade(port: Int, headers: [String] = []) -> String {
        ([
            "GET /api/v1/live HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ] + headers + ["", ""]).joined(separator: "\r\n")
    }

    /// Everything the server sent until it closed the connection.
    static func exchange(port: Int, _ request: String) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var received: [UInt8] = []
            for try await part in inbound { received += Array(part.readableBytesView) }
            return received
        }
    }
}

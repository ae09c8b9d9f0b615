import CadenceCore
import Foundation
import PlatformService
import Synchronization
import Testing
@testable import Server

@Suite(.timeLimit(.minutes(5))) struct LiveHubTests {
    func event(_ account: UUID, _ seq: Int64, type: String = "device.find", data: String = "{}") -> LiveEvent {
        LiveEvent(accountID: account, seq: seq, type: type, at: 0, data: data)
    }

    /// What a socket is handed, in order, as a stream the test reads (the writer a socket would have).
    func received(by connection: LiveHub.Connection) -> AsyncStream<LiveHub.Outbound> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveHub.Outbound.self)
        connection.start { continuation.yield($0) }
        return stream
    }

    func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// A socket that stops reading must not hold anyone up: past its buffer it is cut
    /// loose (and told to resync) while another socket of the account keeps receiving.
    @Test func aSlowConsumerOverflowsAloneAndIsToldToResync() async {
        let hub = LiveHub()
        let account = UUID()
        let slow = hub.register(accountID: account, device: nil)
        let fast = hub.register(accountID: account, device: nil)
        // The slow socket's first write never completes, as on a peer that stopped reading.
        let (stuck, release) = AsyncStream.makeStream(of: Void.self)
        let slowWrites = Mutex<[LiveHub.Outbound]>([])
        slow.start { item in
            slowWrites.withLock { $0.append(item) }
            for await _ in stuck {}
        }
        let fastStream = received(by: fast)
        let total = LiveRules.connectionBuffer + 50
        let reader = Task {
            var received = 0
            for await case .event in fastStream {
                received += 1
                if received == total { break }
            }
            return received
        }
        for seq in 1...Int64(total) {
            hub.deliver(event(account, seq))
            await Task.yield()
            if seq == 1 { await waitUntil { slowWrites.withLock { $0.count } == 1 } }  // stuck writing the first
        }
        #expect(slow.hasOverflowed)
        #expect(await reader.value == total)
        #expect(!fast.hasOverflowed)
        // Once the socket moves again it is written what it buffered, then told it fell behind, and nothing more.
        release.finish()
        hub.unregister(fast)
        await waitUntil { slowWrites.withLock { $0.count } >= LiveRules.connectionBuffer + 2 }
        let written = slowWrites.withLock { $0 }
        #expect(written.count == LiveRules.connectionBuffer + 2)
        guard case .fellBehind? = written.last else { Issue.record("the slow socket was not told it fell behind"); return }
    }

    @Test func eventsReachOnlyTheirAccount() async {
        let hub = LiveHub()
        let ann = UUID(), bob = UUID()
        let annConnection = hub.register(accountID: ann, device: nil)
        let bobConnection = hub.register(accountID: bob, device: nil)
        let bobWrites = Mutex(0)
        bobConnection.start { _ in bobWrites.withLock { $0 += 1 } }
        hub.deliver(event(ann, 1))
        hub.unregister(bobConnection)
        var iterator = received(by: annConnection).makeAsyncIterator()
        guard case .event(let delivered, _)? = await iterator.next() else { Issue.record("nothing delivered"); return }
        #expect(delivered.seq == 1)
        #expect(bobWrites.withLock { $0 } == 0)
    }

    /// What arrives between connecting and the end of the replay waits for the writer, in order.
    @Test func eventsBeforeTheWriterStartsAreKeptInOrder() async {
        let hub = LiveHub()
        let account = UUID()
        let connection = hub.register(accountID: account, device: nil)
        for seq in 1...3 { hub.deliver(event(account, Int64(seq))) }
        var iterator = received(by: connection).makeAsyncIterator()
        var seqs: [Int64] = []
        for _ in 1...3 {
            if case .event(let event, _)? = await iterator.next() { seqs.append(event.seq) }
        }
        #expect(seqs == [1, 2, 3])
    }

    @Test func aRevocationEventClosesOnlyThatDevicesSockets() async {
        let hub = LiveHub()
        let account = UUID()
        let watch = Device(id: UUID(), accountID: account, role: .watch, name: "W", createdAt: Date(), lastSeenAt: Date())
        var watchIterator = received(by: hub.register(accountID: account, device: watch)).makeAsyncIterator()
        var phoneIterator = received(by: hub.register(accountID: account, device: nil)).makeAsyncIterator()
        hub.deliver(event(account, 1, type: "device.revoked", data: #"{"deviceId":"\#(watch.id.uuidString.lowercased())"}"#))
        guard case .close? = await watchIterator.next() else { Issue.record("the watch was not closed"); return }
        guard case .event(let event, _)? = await phoneIterator.next() else { Issue.record("the phone did not hear of it"); return }
        #expect(event.type == "device.revoked")
    }
}

@Suite(.timeLimit(.minutes(5))) struct LiveMessageTests {
    @Test func payloadsRoundTrip() {
        let account = UUID(), session = UUID()
        for message in [LiveMessage.event(account, 42), .presence(account), .sessionRevoked(session),
                        .accountSessionsRevoked(account, keeping: session), .accountSessionsRevoked(account, keeping: nil)] {
            #expect(LiveMessage(payload: message.payload) == message)
            #expect(message.payload.utf8.count < 8000)  // PostgreSQL's NOTIFY payload limit
        }
        #expect(LiveMessage(payload: "x:nonsense") == nil)
        #expect(LiveMessage(payload: "e:\(account.uuidString):not-a-number") == nil)
    }
}

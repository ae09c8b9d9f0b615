import CadenceCore
import Foundation
import PlatformService
import Testing
@testable import Server

@Suite struct LiveHubTests {
    func event(_ account: UUID, _ seq: Int64, type: String = "device.find", data: String = "{}") -> LiveEvent {
        LiveEvent(accountID: account, seq: seq, type: type, at: 0, data: data)
    }

    /// A socket that stops reading must not hold anyone up: past its buffer it is cut
    /// loose (and told to resync) while another socket of the account keeps receiving.
    @Test func aSlowConsumerOverflowsAloneAndIsToldToResync() async {
        let hub = LiveHub()
        let account = UUID()
        let (slow, slowStream) = hub.register(accountID: account, device: nil)  // never read
        let (fast, fastStream) = hub.register(accountID: account, device: nil)
        let reader = Task {
            var received = 0
            for await case .event in fastStream {
                received += 1
                if received == LiveRules.connectionBuffer + 50 { break }
            }
            return received
        }
        for seq in 1...Int64(LiveRules.connectionBuffer + 50) {
            hub.deliver(event(account, seq))
            await Task.yield()
        }
        #expect(slow.hasOverflowed)
        #expect(await reader.value == LiveRules.connectionBuffer + 50)
        #expect(!fast.hasOverflowed)
        withExtendedLifetime(slowStream) {}
    }

    @Test func eventsReachOnlyTheirAccount() async {
        let hub = LiveHub()
        let ann = UUID(), bob = UUID()
        let (_, annStream) = hub.register(accountID: ann, device: nil)
        let (bobConnection, bobStream) = hub.register(accountID: bob, device: nil)
        hub.deliver(event(ann, 1))
        hub.unregister(bobConnection)
        var bobReceived = 0
        for await _ in bobStream { bobReceived += 1 }
        #expect(bobReceived == 0)
        var iterator = annStream.makeAsyncIterator()
        guard case .event(let delivered)? = await iterator.next() else { Issue.record("nothing delivered"); return }
        #expect(delivered.seq == 1)
    }

    @Test func aRevocationEventClosesOnlyThatDevicesSockets() async {
        let hub = LiveHub()
        let account = UUID()
        let watch = Device(id: UUID(), accountID: account, role: .watch, name: "W", createdAt: Date(), lastSeenAt: Date())
        let (_, watchStream) = hub.register(accountID: account, device: watch)
        let (_, phoneStream) = hub.register(accountID: account, device: nil)
        hub.deliver(event(account, 1, type: "device.revoked", data: #"{"deviceId":"\#(watch.id.uuidString.lowercased())"}"#))
        var watchIterator = watchStream.makeAsyncIterator()
        var phoneIterator = phoneStream.makeAsyncIterator()
        guard case .close? = await watchIterator.next() else { Issue.record("the watch was not closed"); return }
        guard case .event(let event)? = await phoneIterator.next() else { Issue.record("the phone did not hear of it"); return }
        #expect(event.type == "device.revoked")
    }
}

@Suite struct LiveMessageTests {
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

import CadenceCore
import Foundation
import Synchronization

/// The sockets this process holds, by account, and what each is waiting to send.
/// Delivery never waits for a slow socket: each has a bounded buffer, and one that
/// overflows is closed with a `resync` notice so its device reloads and resumes.
public final class LiveHub: Sendable {
    public enum Outbound: Sendable {
        case event(LiveEvent)
        case notice(String)
        case close(reason: String)
    }

    public final class Connection: Sendable {
        public let id = UUID()
        public let accountID: UUID
        public let device: Device?
        let continuation: AsyncStream<Outbound>.Continuation
        private let overflowed = Mutex(false)

        init(accountID: UUID, device: Device?, continuation: AsyncStream<Outbound>.Continuation) {
            self.accountID = accountID
            self.device = device
            self.continuation = continuation
        }

        public var hasOverflowed: Bool { overflowed.withLock { $0 } }

        public func send(_ message: Outbound) {
            if case .dropped = continuation.yield(message) {
                overflowed.withLock { $0 = true }
                continuation.finish()
            }
        }
    }

    public init() {}

    private let connections = Mutex<[UUID: [UUID: Connection]]>([:])

    /// A new connection and the stream its writer drains.
    public func register(accountID: UUID, device: Device?) -> (Connection, AsyncStream<Outbound>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Outbound.self, bufferingPolicy: .bufferingOldest(LiveRules.connectionBuffer))
        let connection = Connection(accountID: accountID, device: device, continuation: continuation)
        connections.withLock { $0[accountID, default: [:]][connection.id] = connection }
        return (connection, stream)
    }

    public func unregister(_ connection: Connection) {
        connection.continuation.finish()
        connections.withLock { all in
            all[connection.accountID]?[connection.id] = nil
            if all[connection.accountID]?.isEmpty == true { all[connection.accountID] = nil }
        }
    }

    /// Hands an event to every socket of its account; closes a revoked device's sockets.
    public func deliver(_ event: LiveEvent) {
        let targets = connections.withLock { Array(($0[event.accountID] ?? [:]).values) }
        let revoked = event.type == LiveEventType.deviceRevoked ? LiveHub.deviceID(in: event.data) : nil
        for connection in targets {
            if let revoked, connection.device?.id == revoked {
                connection.send(.close(reason: "This device was removed from the account."))
            } else {
                connection.send(.event(event))
            }
        }
    }

    /// A message outside the numbered history, to every socket of the account.
    public func notify(accountID: UUID, _ notice: String) {
        let targets = connections.withLock { Array(($0[accountID] ?? [:]).values) }
        for connection in targets { connection.send(.notice(notice)) }
    }

    /// Who is connected to this process for the account.
    public func online(accountID: UUID) -> [Connection] {
        connections.withLock { Array(($0[accountID] ?? [:]).values) }
    }

    public static func deviceID(in data: String) -> UUID? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
              let text = object["deviceId"] as? String else { return nil }
        return UUID(uuidString: text)
    }
}

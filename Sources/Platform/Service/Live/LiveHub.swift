import CadenceCore
import Foundation
import NIOCore
import Synchronization

/// The sockets this process holds, by account, and what each is waiting to send.
/// Delivery never waits for a slow socket: each has a bounded buffer, and one that
/// overflows is closed with a `resync` notice so its device reloads and resumes.
public final class LiveHub: Sendable {
    /// What a socket is handed. Text comes as the bytes to send, made once for all the account's sockets rather
    /// than once for each (a presence notice of a hundred devices is 14 KB, sent to each of them).
    public enum Outbound: Sendable {
        case event(LiveEvent, text: ByteBuffer)
        case notice(ByteBuffer)
        case close(reason: String)
        /// The socket's buffer overflowed: the last thing it is sent.
        case fellBehind
        /// This process is stopping: the device reconnects (to another instance, or to this one once back).
        case goingAway
    }

    /// Writes one item to a socket; throwing stops delivery to it.
    public typealias Writer = @Sendable (Outbound) async throws -> Void

    public final class Connection: Sendable {
        public let id = UUID()
        public let accountID: UUID
        public let device: Device?
        /// An idle socket has no task of its own (memory per idle connection counts, issue 19).
        private let mailbox = SerialMailbox<Outbound>(capacity: LiveRules.connectionBuffer)

        public init(accountID: UUID, device: Device?) {
            self.accountID = accountID
            self.device = device
        }

        public var hasOverflowed: Bool { mailbox.hasOverflowed }

        /// Queues a message; past `LiveRules.connectionBuffer` waiting ones the socket is cut loose.
        public func send(_ message: Outbound) {
            let isClose = switch message {
            case .close, .goingAway: true
            case .event, .notice, .fellBehind: false
            }
            mailbox.send(message, isLast: isClose, overflow: .fellBehind)
        }

        /// Starts delivery through `writer`, with whatever arrived since `register` first.
        public func start(writer: @escaping Writer) {
            mailbox.start(writer)
        }

        func finish() {
            mailbox.finish()
        }
    }

    public init() {}

    private let connections = Mutex<[UUID: [UUID: Connection]]>([:])

    /// A new connection; what reaches it is kept until `Connection.start(writer:)`.
    public func register(accountID: UUID, device: Device?) -> Connection {
        let connection = Connection(accountID: accountID, device: device)
        register(connection)
        return connection
    }

    public func register(_ connection: Connection) {
        connections.withLock { $0[connection.accountID, default: [:]][connection.id] = connection }
    }

    public func unregister(_ connection: Connection) {
        connection.finish()
        connections.withLock { all in
            all[connection.accountID]?[connection.id] = nil
            if all[connection.accountID]?.isEmpty == true { all[connection.accountID] = nil }
        }
    }

    /// Hands an event to every socket of its account; closes a revoked device's sockets.
    public func deliver(_ event: LiveEvent) {
        let targets = connections.withLock { Array(($0[event.accountID] ?? [:]).values) }
        let revoked = event.type == LiveEventType.deviceRevoked ? LiveHub.deviceID(in: event.data) : nil
        let text = ByteBuffer(string: event.json)
        for connection in targets {
            if let revoked, connection.device?.id == revoked {
                connection.send(.close(reason: "This device was removed from the account."))
            } else {
                connection.send(.event(event, text: text))
            }
        }
    }

    /// A message outside the numbered history, to every socket of the account.
    public func notify(accountID: UUID, _ notice: String) {
        let targets = connections.withLock { Array(($0[accountID] ?? [:]).values) }
        let text = ByteBuffer(string: notice)
        for connection in targets { connection.send(.notice(text)) }
    }

    /// Closes every socket of an account (it was deleted).
    public func closeAll(accountID: UUID, reason: String) {
        for connection in online(accountID: accountID) { connection.send(.close(reason: reason)) }
    }

    /// Says goodbye to every socket this process holds (it is stopping).
    public func closeAll() {
        for connection in connections.withLock({ $0.values.flatMap(\.values) }) { connection.send(.goingAway) }
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

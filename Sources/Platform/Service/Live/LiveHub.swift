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
        /// The socket's buffer overflowed: the last thing it is sent.
        case fellBehind
    }

    /// Writes one item to a socket; throwing stops delivery to it.
    public typealias Writer = @Sendable (Outbound) async throws -> Void

    public final class Connection: Sendable {
        public let id = UUID()
        public let accountID: UUID
        public let device: Device?
        private let mailbox = Mutex(Mailbox())

        /// An idle socket has no task of its own (memory per idle connection counts, issue 19): what arrives
        /// waits here, and a task drains it only while there is something to write.
        private struct Mailbox {
            var pending: [Outbound] = []
            var writer: Writer?
            var isDraining = false
            /// Nothing more is accepted: the socket overflowed, was told to close, or is gone.
            var isFinished = false
            var hasOverflowed = false

            /// True when the caller is to start the (single) drain: a writer, something to write, nobody writing.
            mutating func claimDrain() -> Bool {
                guard writer != nil, !pending.isEmpty, !isDraining else { return false }
                isDraining = true
                return true
            }
        }

        init(accountID: UUID, device: Device?) {
            self.accountID = accountID
            self.device = device
        }

        public var hasOverflowed: Bool { mailbox.withLock { $0.hasOverflowed } }

        /// Queues a message; past `LiveRules.connectionBuffer` waiting ones the socket is cut loose.
        public func send(_ message: Outbound) {
            let startDraining = mailbox.withLock { box -> Bool in
                guard !box.isFinished else { return false }
                if box.pending.count >= LiveRules.connectionBuffer {
                    box.pending.append(.fellBehind)
                    box.hasOverflowed = true
                    box.isFinished = true
                } else {
                    box.pending.append(message)
                    if case .close = message { box.isFinished = true }
                }
                return box.claimDrain()
            }
            if startDraining { Task { await drain() } }
        }

        /// Starts delivery through `writer`, with whatever arrived since `register` first.
        public func start(writer: @escaping Writer) {
            let startDraining = mailbox.withLock { box -> Bool in
                box.writer = writer
                return box.claimDrain()
            }
            if startDraining { Task { await drain() } }
        }

        func finish() {
            mailbox.withLock { box in
                box.isFinished = true
                box.pending.removeAll()
                box.writer = nil
            }
        }

        private func drain() async {
            while true {
                let next = mailbox.withLock { box -> (Outbound, Writer)? in
                    guard let writer = box.writer, !box.pending.isEmpty else {
                        box.isDraining = false
                        return nil
                    }
                    return (box.pending.removeFirst(), writer)
                }
                guard let (message, writer) = next else { return }
                do {
                    try await writer(message)
                } catch {
                    // The socket is gone or closing: drop what waits, so nothing is written after its end.
                    mailbox.withLock { box in
                        box.isFinished = true
                        box.pending.removeAll()
                        box.writer = nil
                        box.isDraining = false
                    }
                    return
                }
            }
        }
    }

    public init() {}

    private let connections = Mutex<[UUID: [UUID: Connection]]>([:])

    /// A new connection; what reaches it is kept until `Connection.start(writer:)`.
    public func register(accountID: UUID, device: Device?) -> Connection {
        let connection = Connection(accountID: accountID, device: device)
        connections.withLock { $0[accountID, default: [:]][connection.id] = connection }
        return connection
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

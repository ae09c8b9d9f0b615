import Foundation

/// What instances tell each other on the `cadence_live` channel: small payloads
/// naming what changed; the data itself is read from the tables.
public enum LiveMessage: Equatable {
    /// An event was published: "e:<account>:<seq>".
    case event(UUID, Int64)
    /// Someone connected or disconnected: "p:<account>".
    case presence(UUID)
    /// A session was revoked: "s:<session>". Instances drop it from their session caches.
    case sessionRevoked(UUID)
    /// Every session of an account but one (or all) was revoked: "a:<account>:<kept session or ->".
    case accountSessionsRevoked(UUID, keeping: UUID?)
    /// An account was deleted: "d:<account>". Instances forget its sessions and close its sockets.
    case accountDeleted(UUID)

    public static let channel = "cadence_live"

    public var payload: String {
        switch self {
        case .event(let accountID, let seq): "e:\(accountID.uuidString):\(seq)"
        case .presence(let accountID): "p:\(accountID.uuidString)"
        case .sessionRevoked(let sessionID): "s:\(sessionID.uuidString)"
        case .accountSessionsRevoked(let accountID, let keeping): "a:\(accountID.uuidString):\(keeping?.uuidString ?? "-")"
        case .accountDeleted(let accountID): "d:\(accountID.uuidString)"
        }
    }

    public init?(payload: String) {
        let parts = payload.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("e", 3):
            guard let accountID = UUID(uuidString: parts[1]), let seq = Int64(parts[2]) else { return nil }
            self = .event(accountID, seq)
        case ("p", 2):
            guard let accountID = UUID(uuidString: parts[1]) else { return nil }
            self = .presence(accountID)
        case ("s", 2):
            guard let sessionID = UUID(uuidString: parts[1]) else { return nil }
            self = .sessionRevoked(sessionID)
        case ("a", 3):
            guard let accountID = UUID(uuidString: parts[1]) else { return nil }
            self = .accountSessionsRevoked(accountID, keeping: UUID(uuidString: parts[2]))
        case ("d", 2):
            guard let accountID = UUID(uuidString: parts[1]) else { return nil }
            self = .accountDeleted(accountID)
        default:
            return nil
        }
    }
}

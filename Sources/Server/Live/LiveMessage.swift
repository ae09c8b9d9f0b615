import Foundation

/// What instances tell each other on the `cadence_live` channel: small payloads
/// naming what changed; the data itself is read from the tables.
enum LiveMessage: Equatable {
    /// An event was published: "e:<account>:<seq>".
    case event(UUID, Int64)
    /// Someone connected or disconnected: "p:<account>".
    case presence(UUID)

    var accountID: UUID {
        switch self {
        case .event(let accountID, _), .presence(let accountID): accountID
        }
    }

    var payload: String {
        switch self {
        case .event(let accountID, let seq): "e:\(accountID.uuidString):\(seq)"
        case .presence(let accountID): "p:\(accountID.uuidString)"
        }
    }

    init?(payload: String) {
        let parts = payload.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("e", 3):
            guard let accountID = UUID(uuidString: parts[1]), let seq = Int64(parts[2]) else { return nil }
            self = .event(accountID, seq)
        case ("p", 2):
            guard let accountID = UUID(uuidString: parts[1]) else { return nil }
            self = .presence(accountID)
        default:
            return nil
        }
    }
}

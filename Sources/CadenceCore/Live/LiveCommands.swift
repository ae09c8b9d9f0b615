import Foundation
import Synchronization

/// What a command did: applied now, or already applied under the same id.
public enum LiveCommandOutcome: Equatable, Sendable {
    case applied
    case duplicate
}

/// Commands that a feature adds to the live channel (Tempo's samples and run state), kept apart from the channel
/// so the channel does not depend on every feature that uses it.
public final class LiveCommandHandlers: Sendable {
    public typealias Handler = @Sendable (_ commandID: String, _ data: [String: Any], _ accountID: UUID, _ sender: String) async throws
        -> LiveCommandOutcome

    private let handlers = Mutex<[String: Handler]>([:])

    public init() {}

    public func register(_ type: String, _ handler: @escaping Handler) {
        handlers.withLock { $0[type] = handler }
    }

    public func handler(for type: String) -> Handler? {
        handlers.withLock { $0[type] }
    }
}

/// The live channel as a feature's web layer sees it: announce events, read the newest of a kind, remember which
/// commands were applied.
public protocol LiveChannel: LiveAnnouncing {
    var commandHandlers: LiveCommandHandlers { get }
    /// Notes a command's id; false when the same id was applied before (a device retrying).
    func recordCommand(_ commandID: String, accountID: UUID) async throws -> Bool
    /// The newest kept event of these types (the audience screens' current slide), if any.
    func latestEvent(accountID: UUID, types: [String]) async throws -> LiveEvent?
}

import Foundation
import Synchronization

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

import Foundation
import Synchronization

/// Commands that a module adds to the live channel (Tempo's samples and run state), kept
/// apart from `LiveService` so the channel does not depend on every module that uses it.
final class LiveCommandHandlers: Sendable {
    typealias Handler = @Sendable (_ commandID: String, _ data: [String: Any], _ accountID: UUID, _ sender: String) async throws -> LiveService.CommandOutcome

    private let handlers = Mutex<[String: Handler]>([:])

    func register(_ type: String, _ handler: @escaping Handler) {
        handlers.withLock { $0[type] = handler }
    }

    func handler(for type: String) -> Handler? {
        handlers.withLock { $0[type] }
    }
}

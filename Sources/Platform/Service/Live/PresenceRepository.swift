import CadenceCore
import Foundation

public protocol PresenceRepository: Sendable {
    /// Records an open socket, and that its instance is alive.
    func add(_ entry: PresenceEntry, instanceID: UUID, at: Date) async throws
    func remove(connectionID: UUID) async throws
    /// The account's sockets on instances heard from since `aliveSince`, oldest first.
    func online(accountID: UUID, aliveSince: Date) async throws -> [PresenceEntry]
    func heartbeat(instanceID: UUID, at: Date) async throws
    /// Forgets instances silent since `deadBefore`, with their sockets.
    func pruneInstances(deadBefore: Date) async throws
}

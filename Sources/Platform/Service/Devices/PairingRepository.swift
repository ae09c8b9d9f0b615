import CadenceCore
import Foundation

public protocol PairingRepository: Sendable {
    func create(_ pairing: Pairing) async throws
    func find(id: UUID) async throws -> Pairing?
    /// The open (unused, unexpired, not exhausted) pairing with this code, if any.
    func open(code: String, at now: Date) async throws -> Pairing?
    func recordWrongGuess(id: UUID) async throws
    /// Marks the pairing used; false when another request used it first.
    func markUsed(id: UUID, at now: Date) async throws -> Bool
}

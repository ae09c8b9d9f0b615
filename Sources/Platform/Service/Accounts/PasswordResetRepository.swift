import CadenceCore
import Foundation

public protocol PasswordResetRepository: Sendable {
    func create(tokenHash: String, accountID: UUID, expiresAt: Date) async throws
    /// Marks the token used and returns its account, only if it is unused and unexpired.
    /// A second call with the same token returns nil: links are single-use.
    func consume(tokenHash: String, now: Date) async throws -> UUID?
}

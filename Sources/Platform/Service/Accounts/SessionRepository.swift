import CadenceCore
import Foundation

public protocol SessionRepository: Sendable {
    func create(_ session: SessionRecord, tokenHash: String) async throws
    /// The live session holding this token hash, with its account, in one query.
    func resolve(tokenHash: String) async throws -> (session: SessionRecord, account: Account)?
    func list(accountID: UUID) async throws -> [SessionRecord]
    /// Revokes one session of this account; false when the id is not one of its sessions.
    func revoke(id: UUID, accountID: UUID) async throws -> Bool
    /// Revokes every session of the account except `keeping` (nil: all of them).
    func revokeAll(accountID: UUID, keeping: UUID?) async throws
    func touch(id: UUID, at: Date) async throws
}

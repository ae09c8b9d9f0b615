import CadenceCore
import Foundation

public protocol AccountRepository: Sendable {
    func create(_ account: Account, passwordHash: String) async throws
    func find(id: UUID) async throws -> Account?
    /// The account and its bcrypt hash, for signing in.
    func credentials(email: String) async throws -> (account: Account, passwordHash: String)?
    func passwordHash(id: UUID) async throws -> String?
    func setPasswordHash(_ hash: String, for id: UUID) async throws
    func all() async throws -> [Account]
    /// The interface language (nil: follow the browser) and units the person chose.
    func setPreferences(language: Language?, units: UnitSystem, for id: UUID) async throws
    /// Deletes the account and, through cascading foreign keys, every row that belongs to it; false when none.
    func delete(id: UUID) async throws -> Bool
}

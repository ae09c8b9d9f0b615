import CadenceCore
import Foundation

public protocol DeviceRepository: Sendable {
    func create(_ device: Device, tokenHash: String) async throws
    /// The device holding this token hash, with its account.
    func resolve(tokenHash: String) async throws -> (device: Device, account: Account)?
    func list(accountID: UUID) async throws -> [Device]
    /// Renames one of the account's devices; nil when it has no such device.
    func rename(id: UUID, accountID: UUID, to name: String) async throws -> Device?
    /// Revokes one of the account's devices; false when it has no such device.
    func revoke(id: UUID, accountID: UUID) async throws -> Bool
    func touch(id: UUID, at: Date) async throws
}

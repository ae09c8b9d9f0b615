import Foundation

/// An account's paired devices, for a feature's page that offers what only a device can do (Talks' "Cast to watch"
/// waits until a watch is paired).
public protocol PairedDevices: Sendable {
    /// The account's devices, most recently paired first.
    func list(accountID: UUID) async throws -> [Device]
}

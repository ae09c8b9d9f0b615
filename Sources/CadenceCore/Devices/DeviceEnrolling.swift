import Foundation

/// Adds a device to an account without a pairing code, for a device the signed-in person sets up from a page they
/// are on — a location app configured by a link (Spots' background location). Everything else pairs with a code.
public protocol DeviceEnrolling: Sendable {
    /// The new device and its token, which is returned this once (only its hash is kept).
    func enroll(role: DeviceRole, name: String, accountID: UUID) async throws -> (device: Device, token: String)
}

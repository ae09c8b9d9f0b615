import Foundation

/// A paired device making a request: its account and itself.
public struct DeviceIdentity: Sendable {
    public let account: Account
    public let device: Device

    public init(account: Account, device: Device) {
        self.account = account
        self.device = device
    }
}

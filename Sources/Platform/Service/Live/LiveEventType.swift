import CadenceCore
import Foundation
import Synchronization

/// Event types the server itself publishes.
public enum LiveEventType {
    public static let deviceRevoked = "device.revoked"
    /// A device has just paired with one of the account's codes: the phone that showed the code retires it.
    public static let devicePaired = "device.paired"
    public static let deviceFind = "device.find"
}

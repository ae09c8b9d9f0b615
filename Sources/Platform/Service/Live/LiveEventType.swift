import CadenceCore
import Foundation
import Synchronization

/// Event types the server itself publishes.
public enum LiveEventType {
    public static let deviceRevoked = "device.revoked"
    public static let deviceFind = "device.find"
}

import CadenceCore
import Foundation
import PlatformService

/// `/watch` and `/display`: a paired device's page, on the live channel.
struct PairedDevicePage: Sendable {
    let deviceName: String
    let accountName: String
    /// "Paired with Ann."
    let pairedWith: String
    let deviceId: String
    let bodyClass: String
    let live = true
}

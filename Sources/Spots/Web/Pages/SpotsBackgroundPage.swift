import Foundation
import Spots

/// After "Set up background location": the OwnTracks device just added, its configuration as a link and as an
/// `.otrc` file, and the steps. The token is in both and shown this once.
struct SpotsBackgroundPage: Sendable {
    let deviceName: String
    let link: String
    /// The `.otrc` file as a data URL, so the download needs no second request carrying the token.
    let fileURL: String
    let endpoint: String

    init(deviceName: String, setup: OwnTracksSetup, endpoint: String) {
        self.deviceName = deviceName
        link = setup.link
        fileURL = "data:application/json;base64," + setup.json.base64EncodedString()
        self.endpoint = endpoint
    }
}

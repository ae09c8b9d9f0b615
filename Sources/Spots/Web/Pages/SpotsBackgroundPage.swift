import CadenceCore
import Foundation
import Spots
import Web

/// After "Set up background location": the OwnTracks device just added, its configuration as a link and as an
/// `.otrc` file, and the steps. The token is in both and shown this once.
struct SpotsBackgroundPage: Sendable {
    let deviceName: String
    let link: String
    /// The `.otrc` file as a data URL, so the download needs no second request carrying the token.
    let fileURL: String
    let endpoint: String
    /// "Added “OwnTracks” to your devices…"
    let added: String
    /// Where OwnTracks sends and how to stop it, as HTML: the endpoint as code and a link to the devices page, the rest
    /// escaped.
    let sendsHTML: String

    init(deviceName: String, setup: OwnTracksSetup, endpoint: String, messages: Messages) {
        self.deviceName = deviceName
        link = setup.link
        fileURL = "data:application/json;base64," + setup.json.base64EncodedString()
        self.endpoint = endpoint
        added = messages("spots.background.added", ["name": deviceName])
        sendsHTML = MessageHTML.say(messages, "spots.background.sends", href: "/phone/devices", ["name": deviceName],
                                    html: ["endpoint": #"<code class="wrap">"# + MarkupText.escape(endpoint) + "</code>"])
    }
}

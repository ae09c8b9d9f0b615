import CadenceCore
import Foundation
import Hummingbird
import Web

/// Who opened a live socket and from where they resume: all a socket keeps of its upgrade request.
struct LiveSocketOpening: Sendable {
    let accountID: UUID
    let device: Device?
    /// How the device is named to the account's other devices.
    let label: String
    /// The last seq the device saw (`?since=`), checked before the upgrade.
    let since: Int64?
    /// The opener's language (its account's setting, else the browser's), for the refusals it is sent.
    let messages: Messages

    init(context: AppContext, request: Request) throws {
        let account = try AccountContext(context: context)
        accountID = account.account.id
        device = account.device?.device
        messages = request.messages(account: account.account)
        label = device?.name ?? messages("devices.live.browser_of", ["name": account.account.displayName])
        since = request.uri.queryParameters["since"].flatMap { Int64($0) }
    }
}

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

    init(context: AppContext, request: Request) throws {
        let account = try AccountContext(context: context)
        accountID = account.account.id
        device = account.device?.device
        label = device?.name ?? "\(account.account.displayName)'s browser"
        since = request.uri.queryParameters["since"].flatMap { Int64($0) }
    }
}

import Foundation
import Hummingbird

/// One API path (`api/v1/stage`) in each of the three API groups: a controller adds each route to the group of
/// who may call it.
public struct APIGroups {
    public let open: RouterGroup<AppContext>
    public let account: RouterGroup<AccountContext>
    public let person: RouterGroup<SignedInContext>
}

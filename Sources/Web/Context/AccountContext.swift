import CadenceCore
import Foundation
import Hummingbird

/// A route that a signed-in person or a paired device (watch, display) may call: `account` is whose data it is.
/// Anyone else is told to sign in (401) before any handler runs.
public struct AccountContext: ChildRequestContext, CadenceContext {
    public typealias ParentContext = AppContext
    public var coreContext: CoreRequestContextStorage
    public let account: Account
    /// Set when a person asks.
    public let identity: Identity?
    /// Set when a paired device asks.
    public let device: DeviceIdentity?
    public let remoteAddress: String?
    public let form: [String: String]

    public init(context: AppContext) throws {
        account = try context.requireAccount()
        identity = context.identity
        device = context.device
        coreContext = context.coreContext
        remoteAddress = context.remoteAddress
        form = context.form
    }

    public var signedInIdentity: Identity? { identity }
}

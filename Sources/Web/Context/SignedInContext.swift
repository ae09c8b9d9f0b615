import CadenceCore
import Foundation
import Hummingbird

/// A route for a signed-in person: `identity` is there, not optional. Built from the request's `AppContext` as
/// the route group is entered; a paired device is refused (403) and anyone else told to sign in (401) before
/// any handler runs.
public struct SignedInContext: ChildRequestContext, CadenceContext {
    public typealias ParentContext = AppContext
    public var coreContext: CoreRequestContextStorage
    public let identity: Identity
    public let remoteAddress: String?
    public let form: [String: String]

    public init(context: AppContext) throws {
        identity = try context.requireIdentity()
        coreContext = context.coreContext
        remoteAddress = context.remoteAddress
        form = context.form
    }

    public var account: Account { identity.account }
    public var signedInIdentity: Identity? { identity }
}

import CadenceCore
import Foundation
import Hummingbird

/// What every Cadence request context carries, so the shared helpers (pages, bodies, files) take any of them.
public protocol CadenceContext: RequestContext where Decoder == JSONRequestDecoder, Encoder == JSONEncoder {
    /// The signed-in person, if there is one (always, in `SignedInContext`).
    var signedInIdentity: Identity? { get }
    /// The client's address, for per-client throttles.
    var remoteAddress: String? { get }
    /// A page's form post, its CSRF token checked (`FormPostMiddleware`); empty elsewhere.
    var form: [String: String] { get }
}

extension CadenceContext {
    /// JSON bodies are small; larger uploads (imports, audio) read their bodies on bounded routes of their own.
    public var maxUploadSize: Int { 1 << 20 }
    public var requestDecoder: JSONRequestDecoder { JSONRequestDecoder() }
    /// Handlers return their JSON shapes (`ResponseEncodable`) and this writes them: sorted keys, ISO 8601 dates.
    public var responseEncoder: JSONEncoder { Response.jsonEncoder }
}

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

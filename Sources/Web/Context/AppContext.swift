import CadenceCore
import Foundation
import Hummingbird
import NIOCore

/// The per-request context every Cadence route sees.
public struct AppContext: CadenceContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    /// Set instead of `identity` when a paired device (watch, display) makes the request.
    public var device: DeviceIdentity?
    /// The client's address: the connection's peer, or the client a trusted proxy names (`ForwardedClientMiddleware`).
    public internal(set) var remoteAddress: String?
    /// A page's form post, its CSRF token checked (`FormPostMiddleware`); empty elsewhere.
    public var form: [String: String] = [:]
    /// Present only on a WebSocket upgrade request (see `NativeWebSocketSlot`).
    public var nativeWebSocket: NativeWebSocketSlot?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    public var signedInIdentity: Identity? { identity }

    /// The signed-in person, or a 401 naming what is missing. Devices cannot act as a person. (Routes that need
    /// someone are in groups of `SignedInContext` or `AccountContext`, which call these on the way in.)
    public func requireIdentity() throws -> Identity {
        guard let identity else {
            if device != nil {
                throw APIError(.forbidden, code: "person_required", "A paired device cannot do this; use a signed-in browser or the CLI.",
                               key: "error.person_required")
            }
            throw APIError(.unauthorized, code: "unauthorized", "Sign in first: send a session cookie or an Authorization: Bearer token.",
                           key: "error.unauthorized")
        }
        return identity
    }

    /// The account behind a signed-in person or a paired device. A calendar app's password opens only CalDAV.
    public func requireAccount() throws -> Account {
        if let device {
            guard device.device.role != .calendar else {
                throw APIError(.forbidden, code: "calendar_app_only",
                               "An app password only syncs reminders over CalDAV (at /dav/); it cannot use the rest of the API.",
                               key: "error.calendar_app_only")
            }
            return device.account
        }
        return try requireIdentity().account
    }
}

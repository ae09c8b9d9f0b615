import CadenceCore
import Hummingbird
import NIOCore

/// Who is asking: the signed-in account and the session that proves it.
public struct Identity: Sendable {
    public let account: Account
    public let session: SessionRecord
    /// Cookies ride along on cross-site requests; bearer tokens never do, so only
    /// cookie-authenticated writes need CSRF checks.
    public let viaCookie: Bool
}

/// The per-request context every Cadence route sees.
public struct AppContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    public let remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON bodies are small; larger uploads (imports, audio) get their own bounded routes.
    public var maxUploadSize: Int { 1 << 20 }

    /// The signed-in account, or a 401 naming what is missing.
    public func requireIdentity() throws -> Identity {
        guard let identity else {
            throw APIError(.unauthorized, code: "unauthorized", "Sign in first: send a session cookie or an Authorization: Bearer token.")
        }
        return identity
    }
}

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
    /// Whose settings (language, units) apply: the signed-in person's, or the paired device's account.
    var settingsAccount: Account? { get }
}

extension CadenceContext {
    /// JSON bodies are small; larger uploads (imports, audio) read their bodies on bounded routes of their own.
    public var maxUploadSize: Int { 1 << 20 }
    public var requestDecoder: JSONRequestDecoder { JSONRequestDecoder() }
    /// Handlers return their JSON shapes (`ResponseEncodable`) and this writes them: sorted keys, ISO 8601 dates.
    public var responseEncoder: JSONEncoder { Response.jsonEncoder }
}

import CadenceCore
import Crypto
import Foundation
import Synchronization

/// The installation's application server key (RFC 8292): browsers bind each subscription to its public half, and
/// every push carries a JWT signed with the private half, so only this server can push to its subscribers.
public final class VAPIDKey: Sendable {
    let privateKey: P256.Signing.PrivateKey
    /// Who runs this server, for push services that need to reach the operator (`mailto:` or an https URL).
    let subject: String
    /// Signed tokens per push service origin, reused until an hour before they expire (signing is the costly part
    /// of a fan-out otherwise).
    private let tokens = Mutex<[String: (token: String, expires: Date)]>([:])
    static let lifetime: TimeInterval = 12 * 3600

    public init(privateKey: P256.Signing.PrivateKey, subject: String) {
        self.privateKey = privateKey
        self.subject = subject
    }

    private func authorization(token: String) -> String { "vapid t=\(token),k=\(publicKey)" }

    /// What browsers get as `applicationServerKey`: the uncompressed point, base64url.
    public var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// As kept in the database: the private scalar, base64url.
    public var stored: String { Base64URL.encode(privateKey.rawRepresentation) }

    public convenience init?(stored: String, subject: String) {
        guard let raw = Base64URL.decode(stored), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else { return nil }
        self.init(privateKey: key, subject: subject)
    }

    /// The `Authorization` header for a push to this endpoint (RFC 8292 §3). Written `vapid t=…,k=…`, without the
    /// optional space after the comma, which some push services' parsers do not expect.
    public func authorization(for endpoint: URL, now: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw URLError(.badURL) }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        if let cached = tokens.withLock({ $0[audience] }), cached.expires.timeIntervalSince(now) > 3600 {
            return authorization(token: cached.token)
        }
        let expires = now.addingTimeInterval(Self.lifetime)
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(withJSONObject: [
            "aud": audience, "exp": Int(expires.timeIntervalSince1970), "sub": subject,
        ], options: [.sortedKeys])
        let signingInput = header + "." + Base64URL.encode(claims)
        // JWS ES256 is the raw r ‖ s, not DER.
        let signature = try privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation
        let token = signingInput + "." + Base64URL.encode(signature)
        tokens.withLock { $0[audience] = (token, expires) }
        return authorization(token: token)
    }
}

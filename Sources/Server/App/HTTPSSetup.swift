import Foundation
import LocalCA

/// How this server does HTTPS, for the trust page and the plain-HTTP port.
public struct HTTPSSetup: Sendable {
    /// Cadence's own authority, when it serves with one (`--https local`).
    public var authority: LocalAuthorityFiles?
    /// The port HTTPS is served on, when Cadence serves it itself.
    public var httpsPort: Int?
    /// The plain-HTTP port that answers only the trust page and sends everything else to HTTPS (`--http-port`).
    public var httpPort: Int?

    public init(authority: LocalAuthorityFiles? = nil, httpsPort: Int? = nil, httpPort: Int? = nil) {
        self.authority = authority
        self.httpsPort = httpsPort
        self.httpPort = httpPort
    }

    /// The trust page on the plain-HTTP port, at the public address's host, when Cadence has its own authority and
    /// such a port: what a watch or display that does not trust HTTPS yet opens before pairing.
    public func trustPageURL(publicURL: String) -> String? {
        guard authority != nil, let httpPort, var components = URLComponents(string: publicURL), components.host != nil else { return nil }
        components.scheme = "http"
        components.port = httpPort == 80 ? nil : httpPort
        components.path = "/trust"
        components.query = nil
        return components.string
    }
}

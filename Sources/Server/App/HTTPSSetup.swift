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
}

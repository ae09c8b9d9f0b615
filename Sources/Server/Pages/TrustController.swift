import Foundation
import Hummingbird
import LocalCA
import Web

/// `/trust`: how a phone, watch or display comes to trust Cadence's HTTPS, reachable over plain HTTP (the
/// `--http-port` answers nothing else). With Cadence's own authority (`--https local`) it gives the root to
/// install — a profile for iPhone and iPad, a certificate for the rest —, its SHA-256 fingerprint to compare
/// with the terminal's, the platform's steps, and a check that HTTPS is trusted yet. Without HTTPS it says how
/// to turn it on. The pages that need HTTPS (location, notifications, sensors, install) link here.
struct TrustController {
    let pages: PageRenderer
    let https: HTTPSSetup

    func addRoutes(to router: RouterGroup<AppContext>) {
        router.get("/trust", use: page)
        router.get("/trust/cadence-ca.crt") { _, _ in
            let root = try authorityRoot()
            return Self.download(try root.der, type: "application/x-x509-ca-cert", name: "cadence-ca.crt")
        }
        router.get("/trust/cadence-ca.mobileconfig") { _, _ in
            let root = try authorityRoot()
            let profile = TrustProfile.mobileconfig(certificateDER: try root.der, name: Self.commonName(root))
            return Self.download(Array(profile.utf8), type: "application/x-apple-aspen-config", name: "cadence-ca.mobileconfig")
        }
        // Asked by the trust page from plain HTTP: it answers only if this browser accepts the HTTPS certificate.
        router.get("/trust/check") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json", .accessControlAllowOrigin: "*", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: #"{"trusted":true}"#)))
        }
    }

    @Sendable func page(request: Request, context: AppContext) async throws -> Response {
        let root = try https.authority?.readAuthority()
        let host = RequestAuthority.host(request.head.authority)
        let page = TrustPage(
            hasAuthority: root != nil, fingerprint: try root?.certificate.sha256Fingerprint,
            authorityName: root.map(Self.commonName), platform: TrustPage.Platform.of(userAgent: request.headers[.userAgent] ?? ""),
            httpsURL: https.httpsPort.map { "https://\(host)\($0 == 443 ? "" : ":\($0)")" },
            servesHTTPS: https.httpsPort != nil, next: TrustPage.continuePath(request.uri.queryParameters["next"].map(String.init)))
        var response = pages.render("trust", title: "trust.title", page: page, request: request, context: context)
        if let httpsURL = page.httpsURL { response.headers[.cadenceConnectOrigin] = httpsURL }
        return response
    }

    private func authorityRoot() throws -> IssuedCertificate {
        guard let root = try https.authority?.readAuthority() else {
            throw APIError(.notFound, code: "no_local_authority",
                           "This Cadence has no certificate authority of its own: it is not started with --https local.",
                           key: "trust.error.no_authority")
        }
        return root
    }

    private static func commonName(_ root: IssuedCertificate) -> String {
        root.certificate.subject.description.split(separator: ",").first { $0.hasPrefix("CN=") }.map { String($0.dropFirst(3)) } ?? "Cadence"
    }

    private static func download(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The trust page's model.
struct TrustPage: Sendable {
    let hasAuthority: Bool
    let fingerprint: String?
    let authorityName: String?
    /// Whose steps are open: the platform the browser says it runs on (the others are a tap away).
    let apple, android, macos, windows, linux: Bool
    let httpsURL: String?
    let servesHTTPS: Bool
    /// Where "Continue to Cadence" goes on the HTTPS address: `/`, or the pairing a watch or display came to trust for.
    let next: String

    /// `next` when it is a path on this server (`/pair?code=…`), never another site (`//evil.example`, `/\evil`).
    static func continuePath(_ next: String?) -> String {
        guard let next, next.count <= 300, next.hasPrefix("/"), !next.hasPrefix("//"),
              next.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "\\" && $0 != "\"" && $0 != "<" && $0 != ">" })
        else { return "/" }
        return next
    }

    init(hasAuthority: Bool, fingerprint: String?, authorityName: String?, platform: Platform, httpsURL: String?, servesHTTPS: Bool,
         next: String = "/") {
        self.next = next
        self.hasAuthority = hasAuthority
        self.fingerprint = fingerprint
        self.authorityName = authorityName
        (apple, android, macos, windows, linux) = (platform == .apple, platform == .android, platform == .macos, platform == .windows,
                                                   platform == .linux)
        self.httpsURL = httpsURL
        self.servesHTTPS = servesHTTPS
    }

    enum Platform: String {
        case apple, android, macos, windows, linux

        static func of(userAgent: String) -> Platform {
            if userAgent.contains("iPhone") || userAgent.contains("iPad") || userAgent.contains("iPod") { return .apple }
            if userAgent.contains("Android") { return .android }
            if userAgent.contains("Macintosh") { return .macos }
            if userAgent.contains("Windows") { return .windows }
            return .linux
        }
    }
}

import HTTPTypes
import Hummingbird

/// Headers that keep pages from being framed, sniffed or fed inline script.
/// Every page loads its script and style from our own origin only.
public struct SecurityHeadersMiddleware: RouterMiddleware {
    public typealias Context = AppContext

    public let contentSecurityPolicy: String

    /// - Parameter imageOrigins: other origins pages may show images from (the map's tile server).
    public init(imageOrigins: [String] = []) {
        contentSecurityPolicy = [
            "default-src 'self'", "script-src 'self'", "style-src 'self'",
            (["img-src 'self' data: blob:"] + imageOrigins).joined(separator: " "),
            "media-src 'self' blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'",
            "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // A route may widen where its page connects (the trust page asks the HTTPS address whether it is trusted).
        let connect = response.headers[.cadenceConnectOrigin]
        response.headers[.cadenceConnectOrigin] = nil
        response.headers[.contentSecurityPolicy] = connect.map {
            contentSecurityPolicy.replacingOccurrences(of: "connect-src 'self'", with: "connect-src 'self' \($0)")
        } ?? contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        // Reset links carry a secret in the URL: never send it to another site as a referrer.
        // (Not "no-referrer": with it, browsers send "Origin: null" on our own form posts,
        // which the cross-origin check must refuse.)
        response.headers[.referrerPolicy] = "same-origin"
        return response
    }
}

extension HTTPField.Name {
    public static let xFrameOptions = Self("X-Frame-Options")!
    public static let referrerPolicy = Self("Referrer-Policy")!
    /// Set by a route, read and removed by `SecurityHeadersMiddleware`: one more origin the page may connect to.
    public static let cadenceConnectOrigin = Self("Cadence-Connect-Origin")!
}

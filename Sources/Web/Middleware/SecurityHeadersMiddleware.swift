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
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
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
}

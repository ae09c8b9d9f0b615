import Hummingbird
import Web

/// With HTTPS on, the plain-HTTP port (`--http-port`) answers only what a device needs before it trusts
/// Cadence's certificate — the trust page, its downloads and scripts, the health probe — and sends everything
/// else to the same address over HTTPS (308 keeps a form post a post). On the HTTPS port it does nothing.
struct PlainHTTPPortMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let httpsPort: Int

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard request.head.scheme != "https", !Self.answeredOverHTTP(request.uri.path) else { return try await next(request, context) }
        let host = RequestAuthority.host(request.head.authority)
        let port = httpsPort == 443 ? "" : ":\(httpsPort)"
        var target = "https://\(host)\(port)\(request.uri.path)"
        if let query = request.uri.query, !query.isEmpty { target += "?\(query)" }
        return Response(status: .permanentRedirect, headers: [.location: target, .contentLength: "0"])
    }

    static func answeredOverHTTP(_ path: String) -> Bool {
        path == "/trust" || path.hasPrefix("/trust/") || path.hasPrefix("/static/") || path.hasPrefix("/app/") || path == "/healthz"
            || path == "/favicon.ico"
    }
}

import CadenceCore
import HTTPTypes
import Hummingbird

/// Behind a reverse proxy every connection comes from the proxy; this puts the client the proxy names in
/// `context.remoteAddress`, so the sign-in and app-password throttles count people, not the proxy. Only the
/// proxies in `--trusted-proxy` are believed (`TrustedProxies`); everyone else's forwarding headers are ignored.
public struct ForwardedClientMiddleware: RouterMiddleware {
    public typealias Context = AppContext
    let proxies: TrustedProxies

    public init(proxies: TrustedProxies) { self.proxies = proxies }

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard proxies.trusts(context.remoteAddress) else { return try await next(request, context) }
        var context = context
        let client = proxies.client(
            peer: context.remoteAddress, connectionIsSecure: request.head.scheme == "https",
            forwarded: request.headers[values: .forwarded], forwardedFor: request.headers[values: .xForwardedFor],
            forwardedProto: request.headers[values: .xForwardedProto])
        context.remoteAddress = client.address
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    static let forwarded = Self("Forwarded")!
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
}

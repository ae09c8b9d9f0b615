import CadenceCore
import Hummingbird

/// The pages of a signed-in person: anyone else is sent to the sign-in page (303) before the group's
/// `SignedInContext` is built (which would answer 401 instead, as the API does).
public struct SignInRequiredMiddleware: RouterMiddleware {
    public typealias Context = AppContext

    public init() {}

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard context.identity != nil else { return PageRenderer.redirect(to: "/login") }
        return try await next(request, context)
    }
}

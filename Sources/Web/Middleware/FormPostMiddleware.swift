import Hummingbird

/// Every write to a page route is a form post carrying this browser's CSRF token (`CSRFToken`), checked here
/// once for the whole page group, so a page handler cannot forget it. The checked fields are in `context.form`.
public struct FormPostMiddleware: RouterMiddleware {
    public typealias Context = AppContext

    public init() {}

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        var request = request
        var context = context
        context.form = try await request.decodeForm(context: context)
        return try await next(request, context)
    }
}

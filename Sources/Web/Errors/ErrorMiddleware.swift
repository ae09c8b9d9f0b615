import CadenceCore
import Hummingbird
import Logging

/// Turns every error into an answer a client can use: the JSON envelope for the
/// API (and anything that does not ask for HTML), a page for browsers. Bad input
/// is always a 4xx; only our own faults become a 500, and those are logged.
public struct ErrorMiddleware: RouterMiddleware {
    public typealias Context = AppContext
    public let pages: PageRenderer
    public let routeTable: RouteTable
    /// Whether an error means the database cannot be reached just now (`Database.isUnavailable`): a 503, not a 500.
    public let isUnavailable: @Sendable (any Error) -> Bool
    /// Who asked (this middleware runs before the one that finds out), so an error is said in their language with
    /// their page frame.
    public let identify: @Sendable (Request, AppContext) async -> AppContext

    public init(pages: PageRenderer, routeTable: RouteTable, isUnavailable: @escaping @Sendable (any Error) -> Bool = { _ in false },
                identify: @escaping @Sendable (Request, AppContext) async -> AppContext = { $1 }) {
        self.pages = pages
        self.routeTable = routeTable
        self.isUnavailable = isUnavailable
        self.identify = identify
    }

    /// Seconds a client is asked to wait when the database is unreachable (a restart takes a few).
    public static let unavailableRetrySeconds = 5

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var apiError = Self.apiError(for: error, logger: context.logger, isUnavailable: isUnavailable)
            if let error = error as? HTTPError, error.status == .notFound {
                let allowed = routeTable.allowedMethods(for: request.uri.path)
                // A browser on a form's address (a refused form is shown where it was posted; the person reloads, or
                // comes back to it from the history) goes to the page the form belongs to instead of a 405.
                if request.method == .get, Self.wantsHTML(request), !allowed.isEmpty,
                   let page = routeTable.pageHolding(formAt: request.uri.path) {
                    return PageRenderer.redirect(to: page)
                }
                // A route that exists for this method but found nothing stays a 404.
                if !allowed.isEmpty, !allowed.contains(request.method) {
                    apiError = APIError(.methodNotAllowed, code: "method_not_allowed",
                                        "\(request.method) is not supported here; use \(allowed.map(\.rawValue).joined(separator: " or ")).",
                                        key: "error.method_not_allowed",
                                        ["method": request.method.rawValue, "allowed": allowed.map(\.rawValue).joined(separator: ", ")])
                    apiError.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                }
            }
            let asker = await identify(request, context)
            if Self.wantsHTML(request) {
                return pages.errorPage(apiError, request: request, context: asker)
            }
            return apiError.response(in: PageRenderer.messages(for: request, context: asker))
        }
    }

    public static func apiError(for error: any Error, logger: Logger, isUnavailable: (any Error) -> Bool = { _ in false }) -> APIError {
        if let refusal = APIError.refusal(error) { return refusal }
        if isUnavailable(error) {
            logger.warning("the database is unreachable", metadata: ["error": .string(String(describing: error))])
            var unavailable = APIError(.serviceUnavailable, code: "database_unavailable",
                                       "The server cannot reach its database just now; try again in a few seconds.",
                                       key: "error.database_unavailable")
            unavailable.headers[.retryAfter] = String(unavailableRetrySeconds)
            return unavailable
        }
        switch error {
        case let error as HTTPError:
            if let body = error.body { return APIError(error.status, code: code(for: error.status), body) }
            return APIError(error.status, code: code(for: error.status), message(for: error.status),
                            key: "error.status.\(error.status.code)")
        default:
            logger.error("request failed", metadata: ["error": .string(String(reflecting: error))])
            return APIError(.internalServerError, code: "internal_error", "Something went wrong on the server; it has been logged.",
                            key: "error.internal")
        }
    }

    /// Browsers navigating to a page get HTML; API clients and `/api` paths get JSON.
    public static func wantsHTML(_ request: Request) -> Bool {
        !request.uri.path.hasPrefix("/api/") && (request.headers[.accept] ?? "").contains("text/html")
    }

    public static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .contentTooLarge: "body_too_large"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        default: status.code < 500 ? "bad_request" : "internal_error"
        }
    }

    public static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is nothing at this address."
        case .methodNotAllowed: "This address does not accept that method."
        case .contentTooLarge: "The body is too large."
        default: status.reasonPhrase
        }
    }
}

import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// Finds who is asking, from `Authorization: Bearer …` (API, CLI) or the session
/// cookie (pages), and refuses cookie-authenticated writes from other origins.
/// Routes that need someone are in the groups of `SignedInContext` (a person) or `AccountContext` (a person or a
/// paired device), which refuse anyone else before the handler runs.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let service: AccountService
    let devices: DeviceService

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        let context = try await named(by: request, in: context)
        // A calendar app's password opens CalDAV and nothing else: not the API a device may use (OwnTracks, devices/me)
        // nor the watch's and display's pages, which would otherwise take any paired device.
        if context.device?.device.role == .calendar { throw Self.calendarAppOnly }
        if request.headers[.authorization] != nil {
            guard context.identity != nil || context.device != nil else {
                throw APIError(.unauthorized, code: "unauthorized", "This token is unknown or was revoked. Sign in again.",
                               key: "auth.error.unknown_token")
            }
        } else if context.identity != nil || context.device != nil, !request.method.isSafe, !Self.isSameOrigin(request) {
            throw APIError(.forbidden, code: "cross_origin", "Cross-site requests may not change anything.", key: "auth.error.cross_origin")
        }
        return try await next(request, context)
    }

    /// Who asked, for an error answered outside the routes that know (the error middleware runs before this one,
    /// and an unknown address reaches no route): the context with the person or device its credentials name, or as it
    /// was when they name no one. Never throws: a bad credential only means the answer is in the browser's language.
    func identifiedQuietly(_ request: Request, context: AppContext) async -> AppContext {
        (try? await named(by: request, in: context)) ?? context
    }

    /// The context with the person or device the credentials name: a bearer token (a session's or a device's), else
    /// the session cookie, else a device cookie; neither when they name no one. Throws for an Authorization header
    /// that holds no token.
    private func named(by request: Request, in context: AppContext) async throws -> AppContext {
        var context = context
        if let header = request.headers[.authorization] {
            guard let token = Self.token(fromAuthorization: header) else {
                throw APIError(.unauthorized, code: "unauthorized", "The Authorization header must be \"Bearer <token>\".",
                               key: "auth.error.bad_authorization")
            }
            if token.hasPrefix(DeviceService.tokenPrefix) {
                context.device = try await devices.identity(token: token)
            } else {
                context.identity = try await service.identity(token: token, viaCookie: false)
            }
            return context
        }
        if let token = request.cookies[SessionCookie.name]?.value {
            context.identity = try await service.identity(token: token, viaCookie: true)
        }
        if context.identity == nil, let token = request.cookies[DeviceCookie.name]?.value {
            context.device = try await devices.identity(token: token)
        }
        return context
    }

    static let calendarAppOnly = APIError(.forbidden, code: "calendar_app_only",
                                          "An app password only syncs reminders over CalDAV (at /dav/); it cannot use the rest of the API.",
                                          key: "error.calendar_app_only")


    /// `Bearer <token>`, or HTTP Basic with the token as the password: location apps such as
    /// OwnTracks can only send a user name and password, so a paired device's token goes there.
    static func token(fromAuthorization header: String) -> String? {
        let lower = header.lowercased()
        if lower.hasPrefix("bearer ") { return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces) }
        guard let (_, password) = HTTPBasicCredentials.parse(header) else { return nil }
        return password.hasPrefix(DeviceService.tokenPrefix) ? password : nil
    }

    /// Browsers send Origin on cross-site writes; when it is present it must name this host.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}

extension HTTPRequest.Method {
    var isSafe: Bool { self == .get || self == .head || self == .options }
}

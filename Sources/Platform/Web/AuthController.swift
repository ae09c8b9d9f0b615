import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// `/api/v1/auth/…`: accounts and sessions for API clients and the CLI (P1, P5).
struct AuthController {
    let service: AccountService
    let secureCookies: Bool

    func addRoutes(to api: APIGroups) {
        api.open.post("register", use: register)
        api.open.post("login", use: login)
        api.person.post("logout", use: logout)
        api.person.get("me", use: me)
        api.person.post("password", use: changePassword)
        api.open.post("forgot-password", use: forgotPassword)
        api.open.post("reset-password", use: resetPassword)
        api.person.get("sessions", use: listSessions)
        api.person.delete("sessions/:id", use: revokeSession)
    }

    struct RegisterRequest: Decodable {
        let email: String
        let displayName: String
        let password: String
    }

    struct LoginRequest: Decodable {
        let email: String
        let password: String
    }

    struct ChangePasswordRequest: Decodable {
        let currentPassword: String
        let newPassword: String
    }

    struct ForgotPasswordRequest: Decodable {
        let email: String
    }

    struct ResetPasswordRequest: Decodable {
        let token: String
        let newPassword: String
    }

    struct SignedInBody: Encodable {
        let token: String
        let account: AccountBody
    }

    struct SessionBody: Encodable {
        let id: UUID
        let createdAt: Date
        let lastUsedAt: Date
        let userAgent: String
        let current: Bool
    }

    @Sendable func register(request: Request, context: AppContext) async throws -> Response {
        let body = try await request.decode(as: RegisterRequest.self, context: context)
        let signedIn = try await service.register(
            email: body.email, displayName: body.displayName, password: body.password, userAgent: request.userAgent,
            words: request.messages(account: nil))
        return signedInResponse(signedIn, status: .created)
    }

    @Sendable func login(request: Request, context: AppContext) async throws -> Response {
        let body = try await request.decode(as: LoginRequest.self, context: context)
        let signedIn = try await service.signIn(
            email: body.email, password: body.password, client: context.remoteAddress,
            knownBrowser: KnownBrowserCookie.token(in: request), userAgent: request.userAgent)
        return signedInResponse(signedIn, status: .ok)
    }

    @Sendable func logout(request: Request, context: SignedInContext) async throws -> Response {
        try await service.signOut(context.identity)
        var response = Response(status: .noContent)
        response.setCookie(SessionCookie.clear(secure: secureCookies))
        return response
    }

    @Sendable func me(request: Request, context: SignedInContext) async throws -> AccountBody {
        AccountBody(context.identity.account)
    }

    @Sendable func changePassword(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let body = try await request.decode(as: ChangePasswordRequest.self, context: context)
        try await service.changePassword(identity, current: body.currentPassword, new: body.newPassword)
        return Response(status: .noContent)
    }

    @Sendable func forgotPassword(request: Request, context: AppContext) async throws -> EditedResponse<[String: String]> {
        let body = try await request.decode(as: ForgotPasswordRequest.self, context: context)
        try await service.requestPasswordReset(email: body.email)
        let messages = request.messages(account: context.settingsAccount)
        return EditedResponse(status: .accepted, response: ["message": messages("auth.forgot.api_message")])
    }

    @Sendable func resetPassword(request: Request, context: AppContext) async throws -> Response {
        let body = try await request.decode(as: ResetPasswordRequest.self, context: context)
        try await service.resetPassword(token: body.token, newPassword: body.newPassword)
        return Response(status: .noContent)
    }

    @Sendable func listSessions(request: Request, context: SignedInContext) async throws -> [SessionBody] {
        let identity = context.identity
        let sessions = try await service.listSessions(of: identity).map {
            SessionBody(id: $0.id, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        userAgent: $0.userAgent, current: $0.id == identity.session.id)
        }
        return sessions
    }

    @Sendable func revokeSession(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        guard try await service.revokeSession(id: id, of: identity) else {
            throw APIError.notFound("session")
        }
        return Response(status: .noContent)
    }

    private func signedInResponse(_ signedIn: AccountService.SignedIn, status: HTTPResponse.Status) -> Response {
        var response = Response.json(SignedInBody(token: signedIn.token, account: AccountBody(signedIn.account)), status: status)
        response.setCookie(SessionCookie.set(signedIn.token, secure: secureCookies))
        if let known = signedIn.knownBrowser { response.setCookie(KnownBrowserCookie.set(known, secure: secureCookies)) }
        return response
    }
}

extension Request {
    var userAgent: String { headers[.userAgent] ?? "unknown" }
}

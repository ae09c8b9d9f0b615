import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// The signed-out pages (sign in, register, forgot and reset password), the
/// account page and sign-out. Forms post back here and redirect on success; a
/// form with a mistake is shown again (status 200: the page is the answer, and a
/// 4xx would put a network error in the browser console) with the message on it.
struct AccountPagesController {
    let service: AccountService
    let deletion: AccountDeletion
    let pages: PageRenderer
    let secureCookies: Bool

    func addRoutes(open: RouterGroup<AppContext>, signedIn: RouterGroup<SignedInContext>) {
        open.get("/") { _, context in
            PageRenderer.redirect(to: context.identity == nil ? "/login" : "/phone")
        }
        open.get("/login", use: showLogin)
        open.post("/login", use: login)
        open.get("/register", use: showRegister)
        open.post("/register", use: register)
        open.get("/forgot", use: showForgot)
        open.post("/forgot", use: forgot)
        open.get("/reset", use: showReset)
        open.post("/reset", use: reset)
        open.post("/logout", use: logout)
        signedIn.get("/account", use: showAccount)
        signedIn.post("/account/password", use: changePassword)
        signedIn.post("/account/preferences", use: setPreferences)
        signedIn.post("/account/sessions/:id/revoke", use: revokeSession)
        signedIn.post("/account/delete", use: deleteAccount)
    }

    @Sendable func showLogin(request: Request, context: AppContext) async throws -> Response {
        if context.identity != nil { return PageRenderer.redirect(to: "/phone") }
        let messages = PageRenderer.messages(for: request, context: context)
        let notice: String? = switch (request.uri.queryParameters["reset"], request.uri.queryParameters["deleted"]) {
        case ("done", _): messages("auth.login.notice.reset_done")
        case (_, "1"): messages("auth.login.notice.deleted")
        default: nil
        }
        let page = LoginPage(notice: notice, error: nil, email: nil)
        return pages.render("login", title: "auth.login.title", page: page, request: request, context: context)
    }

    @Sendable func login(request: Request, context: AppContext) async throws -> Response {
        let form = context.form
        let email = form["email"] ?? ""
        do {
            let signedIn = try await service.signIn(
                email: email, password: form["password"] ?? "", client: context.remoteAddress,
                knownBrowser: KnownBrowserCookie.token(in: request), userAgent: request.userAgent)
            return signedInRedirect(signedIn)
        } catch {
            guard let refusal = APIError.refusal(error), refusal.status.code < 500 else { throw error }
            let message = refusal.message(in: PageRenderer.messages(for: request, context: context))
            var response = pages.render("login", title: "auth.login.title", page: LoginPage(notice: nil, error: message, email: email),
                                        request: request, context: context)
            response.headers.append(contentsOf: refusal.headers)
            return response
        }
    }

    @Sendable func showRegister(request: Request, context: AppContext) async throws -> Response {
        pages.render("register", title: "auth.register.title", page: RegisterPage(), request: request, context: context)
    }

    @Sendable func register(request: Request, context: AppContext) async throws -> Response {
        let form = context.form
        let email = form["email"] ?? "", displayName = form["displayName"] ?? ""
        do {
            let signedIn = try await service.register(
                email: email, displayName: displayName, password: form["password"] ?? "", userAgent: request.userAgent,
                words: request.messages(account: nil))
            return signedInRedirect(signedIn)
        } catch {
            let (message, field) = try Self.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return pages.render("register", title: "auth.register.title",
                                page: RegisterPage(displayName: displayName, email: email, error: message, field: field),
                                request: request, context: context)
        }
    }

    @Sendable func showForgot(request: Request, context: AppContext) async throws -> Response {
        pages.render("forgot", title: "auth.forgot.title", page: ForgotPage(sent: false), request: request, context: context)
    }

    @Sendable func forgot(request: Request, context: AppContext) async throws -> Response {
        let form = context.form
        try await service.requestPasswordReset(email: form["email"] ?? "")
        return pages.render("forgot", title: "auth.forgot.title", page: ForgotPage(sent: true), request: request, context: context)
    }

    @Sendable func showReset(request: Request, context: AppContext) async throws -> Response {
        let token = request.uri.queryParameters["token"].map(String.init) ?? ""
        return pages.render("reset", title: "auth.reset.title", page: ResetPage(token: token, missingToken: token.isEmpty, error: nil),
                            request: request, context: context)
    }

    @Sendable func reset(request: Request, context: AppContext) async throws -> Response {
        let form = context.form
        let token = form["token"] ?? ""
        do {
            guard form["newPassword"] == form["confirmPassword"] else {
                throw ValidationError(field: "confirmPassword", "The two passwords differ.", key: "auth.error.passwords_differ")
            }
            try await service.resetPassword(token: token, newPassword: form["newPassword"] ?? "")
            var response = PageRenderer.redirect(to: "/login?reset=done")
            response.setCookie(SessionCookie.clear(secure: secureCookies))
            return response
        } catch {
            let (message, _) = try Self.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return pages.render("reset", title: "auth.reset.title", page: ResetPage(token: token, missingToken: false, error: message),
                                request: request, context: context)
        }
    }

    @Sendable func logout(request: Request, context: AppContext) async throws -> Response {
        if let identity = context.identity { try await service.signOut(identity) }
        var response = PageRenderer.redirect(to: "/login")
        response.setCookie(SessionCookie.clear(secure: secureCookies))
        return response
    }

    @Sendable func showAccount(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let notice = request.uri.queryParameters["saved"] == "preferences"
            ? PageRenderer.messages(for: request, context: context)("account.preferences.saved") : nil
        return try await accountPage(identity, notice: notice, request: request, context: context)
    }

    @Sendable func changePassword(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        do {
            guard form["newPassword"] == form["confirmPassword"] else {
                throw ValidationError(field: "confirmPassword", "The two new passwords differ.", key: "account.error.new_passwords_differ")
            }
            try await service.changePassword(identity, current: form["currentPassword"] ?? "", new: form["newPassword"] ?? "")
            return try await accountPage(identity, notice: PageRenderer.messages(for: request, context: context)("account.password.changed"),
                                         request: request, context: context)
        } catch {
            let (message, field) = try Self.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return try await accountPage(identity, refusal: (.password, message, field), request: request, context: context)
        }
    }

    @Sendable func revokeSession(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        guard try await service.revokeSession(id: id, of: identity) else {
            throw APIError.notFound("session")
        }
        return PageRenderer.redirect(to: id == identity.session.id ? "/login" : "/account")
    }

    /// Deletes the account after its password; the form's own mistakes are shown on the account page.
    @Sendable func deleteAccount(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        do {
            guard context.form["confirm"] == "delete" else {
                throw ValidationError(field: "confirm", "Tick the box to confirm that everything in the account is to be deleted.",
                                      key: "account.error.confirm_delete")
            }
            try await service.confirmPassword(context.form["password"] ?? "", of: identity)
            try await deletion.delete(identity.account)
        } catch {
            let (message, field) = try Self.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return try await accountPage(identity, refusal: (.delete, message, field), request: request, context: context)
        }
        var response = PageRenderer.redirect(to: "/login?deleted=1")
        response.setCookie(SessionCookie.clear(secure: secureCookies))
        return response
    }

    /// The language and units: saved, then the page again (a redirect, so it is read with the account's new language)
    /// with a notice in that language.
    @Sendable func setPreferences(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        do {
            let code = context.form["language"].flatMap { $0.isEmpty ? nil : $0 }  // "Browser's language" posts ""
            let (language, units) = try Self.preferences(language: code, units: context.form["units"] ?? "metric")
            _ = try await service.setPreferences(identity, language: language, units: units)
            return PageRenderer.redirect(to: "/account?saved=preferences")
        } catch {
            let (message, field) = try Self.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return try await accountPage(identity, refusal: (.preferences, message, field), request: request, context: context)
        }
    }

    /// The chosen settings: no language follows the browser; a regional tag is its language ("es-MX" is Spanish);
    /// anything without a catalogue, or an unknown unit system, is refused by field (the form and the API say the same).
    static func preferences(language code: String?, units rawUnits: String) throws(ValidationError) -> (Language?, UnitSystem) {
        let language: Language?
        if let code, let known = Language(code: code) {
            language = known
        } else if let code {
            let codes = Language.offered.map(\.code).joined(separator: ", ")
            throw ValidationError(field: "language",
                                  "\"\(code)\" is not a language Cadence speaks; use one of \(codes), or null to follow the browser.",
                                  key: "account.error.language", ["value": code, "languages": codes])
        } else {
            language = nil
        }
        guard let units = UnitSystem(rawValue: rawUnits) else {
            throw ValidationError(field: "units", "\"\(rawUnits)\" is not a unit system; use metric or imperial.",
                                  key: "account.error.units", ["value": rawUnits])
        }
        return (language, units)
    }

    private func accountPage(
        _ identity: Identity, notice: String? = nil, refusal: (form: AccountPage.Form, message: String, field: String?)? = nil,
        request: Request, context: SignedInContext
    ) async throws -> Response {
        let page = AccountPage(try await service.listSessions(of: identity), current: identity.session.id, account: identity.account,
                               messages: PageRenderer.messages(for: request, context: context),
                               zone: request.browserZone ?? .current, notice: notice, refusal: refusal)
        return pages.render("account", title: "account.title", page: page, request: request, context: context)
    }

    private func signedInRedirect(_ signedIn: AccountService.SignedIn) -> Response {
        var response = PageRenderer.redirect(to: "/phone")
        response.setCookie(SessionCookie.set(signedIn.token, secure: secureCookies))
        if let known = signedIn.knownBrowser { response.setCookie(KnownBrowserCookie.set(known, secure: secureCookies)) }
        return response
    }

    /// The message (in the page's language) and field to show on the form for a user-caused error; our own faults
    /// propagate.
    static func userFacing(_ error: any Error, in messages: Messages) throws -> (String, String?) {
        guard let refusal = APIError.refusal(error), refusal.status.code < 500 else { throw error }
        return (refusal.message(in: messages), refusal.field)
    }
}


import CadenceCore
import Foundation
import Hummingbird
import Mustache

/// Renders the server-side pages from the Mustache templates in Resources/templates,
/// adding what every page needs: the signed-in account and the CSRF token.
public struct PageRenderer: Sendable {
    public let templates: PageTemplates
    public let secureCookies: Bool

    public init(templates: PageTemplates, secureCookies: Bool) {
        self.templates = templates
        self.secureCookies = secureCookies
    }

    /// A page from its typed view model: the template sees the model's stored properties, and what every page
    /// has (`title`, `csrf`, `signedIn`, the language's `lang` and its messages as `t`). A page with nothing of its
    /// own passes no model. A `title` that is a catalogue key is translated; anything else (a talk's own title) is
    /// shown as it is.
    public func render(
        _ template: String, title: String, page: some Sendable = NothingMore(),
        request: Request, context: some CadenceContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        let csrf = CSRFToken.current(in: request)
        let messages = Self.messages(for: request, context: context)
        let flash = Flash.text(in: request, messages: messages)
        let common = Self.common(
            title: messages.has(title) ? messages(title) : title, csrf: csrf.value, path: request.uri.path,
            flash: flash, messages: messages, context: context)
        let values = PageValues(common: common, model: page)
        let html: String
        switch templates.library {
        case .success(let library): html = library.render(values, withTemplate: template) ?? "Missing template \(template)"
        case .failure(let unreadable): return Response(status: .internalServerError, body: .init(byteBuffer: ByteBuffer(string: "\(unreadable)\n")))
        }
        var response = respond(html, csrf: csrf, status: status)
        if request.cookies[Flash.cookieName] != nil { response.setCookie(Flash.clearing(secure: secureCookies)) }
        return response
    }

    /// A post's redirect to the page that shows what it did, with `flash` said there once ("Saved").
    public func redirect(to location: String, flash: Flash.Message) -> Response {
        var response = Self.redirect(to: location)
        response.setCookie(Flash.cookie(flash, secure: secureCookies))
        return response
    }

    /// The model of a page that shows only what every page has.
    public struct NothingMore: Sendable {
        public init() {}
    }

    /// The messages a page is written in: the person's setting, else the browser's, else English.
    public static func messages(for request: Request, context: some CadenceContext) -> Messages {
        request.messages(account: context.settingsAccount)
    }

    private static func common(
        title: String, csrf: String, path: String, flash: String?, messages: Messages, context: some CadenceContext
    ) -> PageValues.Common {
        let manifest = AppManifest.Role.of(path: path)
        let signedIn = context.signedInIdentity
        return PageValues.Common(
            title: title, csrf: csrf,
            signedIn: signedIn.map { .init(displayName: $0.account.displayName, email: $0.account.email) },
            // A watch's and a display's pages are the whole screen: no bar, no menu (the device has one job).
            nav: signedIn != nil && manifest == .phone ? Navigation(path: path, messages: messages) : nil,
            devicePage: manifest != .phone,
            flash: flash,
            manifest: manifest.rawValue,
            lang: messages.language.code,
            t: MessageNode(messages: messages, prefix: ""),
            scriptMessages: ScriptMessages.json(messages))
    }

    private func respond(_ html: String, csrf: (value: String, isNew: Bool), status: HTTPResponse.Status) -> Response {
        var response = Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        if csrf.isNew { response.setCookie(CSRFToken.cookie(csrf.value, secure: secureCookies)) }
        return response
    }

    public func errorPage(_ error: APIError, request: Request, context: AppContext) -> Response {
        let messages = Self.messages(for: request, context: context)
        let heading = messages(error.status == .notFound ? "error.not_found" : "error.heading")
        var response = render("error", title: heading, page: ErrorPage(heading: heading, message: error.message(in: messages)),
                              request: request, context: context, status: error.status)
        response.headers.append(contentsOf: error.headers)
        return response
    }

    /// `error`: what went wrong, for a page (the API answers with the JSON envelope instead).
    struct ErrorPage: Sendable {
        let heading: String
        let message: String
    }

    public static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

extension Request {
    /// Reads an `application/x-www-form-urlencoded` post, refusing it unless it carries
    /// the CSRF token from this browser's cookie. Page handlers read `context.form`, which `FormPostMiddleware`
    /// fills from this.
    public mutating func decodeForm(context: AppContext) async throws -> [String: String] {
        let buffer = try await collectBounded(context: context)
        let form = FormFields.parse(String(buffer: buffer))
        guard let expected = cookies[CSRFToken.cookieName]?.value, !expected.isEmpty,
              form[CSRFToken.fieldName] == expected
        else {
            throw APIError(.forbidden, code: "csrf_failed",
                           "This form has expired or came from another site. Go back, reload the page and try again.",
                           key: "error.csrf_failed")
        }
        return form
    }
}

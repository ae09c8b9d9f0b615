import CadenceCore
import Hummingbird
import Web

/// Who is syncing over CalDAV: HTTP Basic with the account's e-mail and an app password. CalDAV's routes sit outside
/// the platform's authentication (sessions, tokens, cookies, cross-origin checks), which knows nothing of them; a
/// missing or wrong password is left for the routes to answer with a challenge, as calendar apps expect.
struct CalendarAppAuthentication: RouterMiddleware {
    typealias Context = AppContext
    let signIn: any CalendarAppSignIn

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization], let (user, password) = HTTPBasicCredentials.parse(header) {
            context.device = try await signIn.calendarApp(email: user, password: password, client: context.remoteAddress)
        }
        return try await next(request, context)
    }
}

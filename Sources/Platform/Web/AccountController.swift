import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// `/api/v1/account`: the person's account as a whole. `GET` answers it with its settings, `PATCH` changes the
/// interface language and units, `DELETE` removes it and everything in it, after the password.
struct AccountController {
    let accounts: AccountService
    let deletion: AccountDeletion
    let secureCookies: Bool

    func addRoutes(to api: APIGroups) {
        api.person.get(use: show)
        api.person.patch(use: update)
        api.person.delete(use: delete)
    }

    struct DeleteRequest: Decodable {
        let password: String
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> AccountBody {
        AccountBody(context.identity.account)
    }

    /// `{language?, units?}`: a field left out keeps its value; `language: null` follows the browser again.
    @Sendable func update(request: Request, context: SignedInContext) async throws -> AccountBody {
        var body = request
        let object = try await body.decodeJSONObject(context: context)
        let account = context.identity.account
        // Anything but a known code (or null) and a known unit system is refused by field, whatever its JSON type.
        var code = account.language?.code
        if let value = object["language"] {
            code = value is NSNull ? nil : value as? String ?? String(describing: value)
        }
        var units = account.units.rawValue
        if let value = object["units"] { units = value as? String ?? String(describing: value) }
        let (language, system) = try AccountPagesController.preferences(language: code, units: units)
        return AccountBody(try await accounts.setPreferences(context.identity, language: language, units: system))
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let body = try await request.decode(as: DeleteRequest.self, context: context)
        try await accounts.confirmPassword(body.password, of: context.identity)
        try await deletion.delete(context.identity.account)
        var response = Response(status: .noContent)
        response.setCookie(SessionCookie.clear(secure: secureCookies))
        return response
    }
}

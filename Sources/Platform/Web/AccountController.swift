import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// `/api/v1/account`: the person's account as a whole. `DELETE` removes it and everything in it, after the password.
struct AccountController {
    let accounts: AccountService
    let deletion: AccountDeletion
    let secureCookies: Bool

    func addRoutes(to api: APIGroups) {
        api.person.delete(use: delete)
    }

    struct DeleteRequest: Decodable {
        let password: String
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

import CadenceCore
import Foundation
import PlatformService
import Web

/// An account as the API shows it (`/api/v1/auth/me`, sign-in) and as an export's `account.json` holds it.
public struct AccountBody: JSONResponse {
    let id: UUID
    let email: String
    let displayName: String
    let createdAt: Date

    public init(_ account: Account) {
        id = account.id
        email = account.email
        displayName = account.displayName
        createdAt = account.createdAt
    }
}

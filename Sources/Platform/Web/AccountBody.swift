import CadenceCore
import Foundation
import PlatformService
import Web

/// An account as the API shows it (`/api/v1/auth/me`, `/api/v1/account`, sign-in) and as an export's `account.json`
/// holds it. `language` is null when the pages follow the browser's language.
public struct AccountBody: JSONResponse {
    let id: UUID
    let email: String
    let displayName: String
    let createdAt: Date
    let language: String?
    let units: String

    public init(_ account: Account) {
        id = account.id
        email = account.email
        displayName = account.displayName
        createdAt = account.createdAt
        language = account.language?.code
        units = account.units.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case id, email, displayName, createdAt, language, units
    }

    /// `language` is written as null rather than left out, so a client reads "follows the browser" from the field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(language, forKey: .language)
        try container.encode(units, forKey: .units)
    }
}

import CadenceCore
import Foundation
import PlatformService

/// `/register`: what was typed, and the field a refusal names (`aria-invalid`).
struct RegisterPage: Sendable {
    struct InvalidFields: Sendable {
        let displayName: Bool
        let email: Bool
        let password: Bool
    }

    let displayName: String
    let email: String
    let error: String?
    let invalid: InvalidFields?

    init(displayName: String = "", email: String = "", error: String? = nil, field: String? = nil) {
        self.displayName = displayName
        self.email = email
        self.error = error
        invalid = error.map { _ in InvalidFields(displayName: field == "displayName", email: field == "email", password: field == "password") }
    }
}

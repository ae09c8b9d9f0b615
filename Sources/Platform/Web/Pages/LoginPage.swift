import CadenceCore
import Foundation
import PlatformService

/// `/login`: a notice after a password reset, or the refusal with the address typed.
struct LoginPage: Sendable {
    let notice: String?
    let error: String?
    let email: String?
}

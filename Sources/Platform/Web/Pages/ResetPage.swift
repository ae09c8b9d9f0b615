import CadenceCore
import Foundation
import PlatformService

/// `/reset?token=`: the new-password form for the token in the link.
struct ResetPage: Sendable {
    let token: String
    let missingToken: Bool
    let error: String?
}

import CadenceCore
import Foundation
import PlatformService

/// `/forgot`: the form, or that the mail went out.
struct ForgotPage: Sendable {
    let sent: Bool
}

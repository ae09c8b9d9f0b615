import CadenceCore
import Foundation
import PlatformService

/// `/pair`: the code form a watch or display fills in. The role is chosen from the screen's size (pair.js) unless
/// the link named it, and the device is named after its role unless the person names it; a refusal's message sits
/// under the field it is about.
struct PairPage: Sendable {
    struct Role: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let code: String
    let pairing: String
    let name: String
    let roles: [Role]
    /// The link named the role: the page's script leaves it.
    let roleGiven: Bool
    /// A refusal about one field (shown under it), or about none of them (shown at the top).
    let codeError: String?
    let nameError: String?
    let error: String?

    init(code: String, pairing: String, role: DeviceRole, roleGiven: Bool, name: String, error: String?, field: String?,
         messages: Messages) {
        self.code = code
        self.pairing = pairing
        // Named after its role until the person names it ("Watch"); the script renames it when the role changes.
        self.name = name.isEmpty && error == nil ? messages("devices.role.\(role.rawValue)") : name
        roles = DeviceRole.pairable.map { Role(value: $0.rawValue, label: messages("devices.role.\($0.rawValue)"), selected: $0 == role) }
        self.roleGiven = roleGiven
        codeError = field == "code" || field == "pairing" ? error : nil
        nameError = field == "name" ? error : nil
        self.error = codeError == nil && nameError == nil ? error : nil
    }
}

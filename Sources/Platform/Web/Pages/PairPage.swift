import CadenceCore
import Foundation
import PlatformService

/// `/pair`: the code form a watch or display fills in, with the role chosen.
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
    let error: String?

    init(code: String, pairing: String, role: DeviceRole, name: String, error: String?, messages: Messages) {
        self.code = code
        self.pairing = pairing
        self.name = name
        roles = DeviceRole.pairable.map { Role(value: $0.rawValue, label: messages("devices.role.\($0.rawValue)"), selected: $0 == role) }
        self.error = error
    }
}

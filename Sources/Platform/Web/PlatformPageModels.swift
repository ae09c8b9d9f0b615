import CadenceCore
import Foundation
import PlatformService

// What the account and device pages show, one type per template (`login`, `register`, `forgot`, `reset`, `account`,
// `devices`, `pair`, `watch` and `display`).

/// `/login`: a notice after a password reset, or the refusal with the address typed.
struct LoginPage: Sendable {
    let notice: String?
    let error: String?
    let email: String?
}

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

/// `/forgot`: the form, or that the mail went out.
struct ForgotPage: Sendable {
    let sent: Bool
}

/// `/reset?token=`: the new-password form for the token in the link.
struct ResetPage: Sendable {
    let token: String
    let missingToken: Bool
    let error: String?
}

/// `/account`: the password form and the sessions, the current one marked.
struct AccountPage: Sendable {
    struct Session: Sendable {
        let id: String
        let device: String
        let lastUsed: String
        let current: Bool
    }

    let sessions: [Session]
    let notice: String?
    let error: String?

    init(_ sessions: [SessionRecord], current: UUID, notice: String?, error: String?) {
        self.sessions = sessions.map { session in
            Session(id: session.id.uuidString, device: DeviceName.describe(userAgent: session.userAgent),
                    lastUsed: session.lastUsedAt.formatted(date: .abbreviated, time: .shortened), current: session.id == current)
        }
        self.notice = notice
        self.error = error
    }
}

/// `/phone/devices`: the paired devices, and the code of a pairing just started.
struct DevicesPage: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let role: String
        let lastSeen: String
    }

    struct Pairing: Sendable {
        let code: String
        let url: String
        let expires: String
    }

    let devices: [Row]
    let hasDevices: Bool
    let pairing: Pairing?
    let error: String?
    let live = true

    init(_ devices: [Device], pairing: Pairing? = nil, error: String? = nil) {
        self.devices = devices.map { device in
            Row(id: device.id.uuidString.lowercased(), name: device.name, role: device.role.rawValue.capitalized,
                lastSeen: device.lastSeenAt.formatted(date: .abbreviated, time: .shortened))
        }
        hasDevices = !devices.isEmpty
        self.pairing = pairing
        self.error = error
    }
}

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

    init(code: String, pairing: String, role: DeviceRole, name: String, error: String?) {
        self.code = code
        self.pairing = pairing
        self.name = name
        roles = DeviceRole.allCases.map { Role(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == role) }
        self.error = error
    }
}

/// `/watch` and `/display`: a paired device's page, on the live channel.
struct PairedDevicePage: Sendable {
    let deviceName: String
    let accountName: String
    let deviceId: String
    let bodyClass: String
    let live = true
}

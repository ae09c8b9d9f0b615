import CadenceCore
import Foundation
import PlatformService

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

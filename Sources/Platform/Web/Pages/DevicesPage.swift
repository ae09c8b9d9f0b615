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
        /// Watches, phones and displays can be found (they beep); a calendar app cannot.
        let findable: Bool
    }

    /// An app password just made: shown once, with what the calendar app asks for.
    struct AppPassword: Sendable {
        let name: String
        let password: String
        let username: String
        let url: String
    }

    struct Pairing: Sendable {
        let code: String
        let url: String
        let expires: String
    }

    /// A browser or device that receives pushes.
    struct Subscription: Sendable {
        let id: String
        let label: String
        let service: String
        let status: String
        let failing: Bool
    }

    /// A module's push switch.
    struct Module: Sendable {
        let name: String
        let label: String
        let on: Bool
    }

    let devices: [Row]
    let hasDevices: Bool
    let pairing: Pairing?
    let appPassword: AppPassword?
    let error: String?
    let subscriptions: [Subscription]
    let hasSubscriptions: Bool
    let modules: [Module]
    let notice: String?
    let live = true

    init(_ devices: [Device], subscriptions: [PushSubscription] = [], muted: Set<PushModule> = [], pairing: Pairing? = nil,
         appPassword: AppPassword? = nil, error: String? = nil, notice: String? = nil) {
        self.appPassword = appPassword
        self.subscriptions = subscriptions.map { subscription in
            let status = subscription.lastError
                ?? subscription.lastDeliveredAt.map { "last notified \($0.formatted(date: .abbreviated, time: .shortened))" }
                ?? "nothing sent yet"
            return Subscription(id: subscription.id.uuidString.lowercased(), label: subscription.label, service: subscription.service,
                                status: status, failing: subscription.lastError != nil)
        }
        hasSubscriptions = !subscriptions.isEmpty
        modules = PushModule.allCases.map { Module(name: $0.rawValue, label: $0.label, on: !muted.contains($0)) }
        self.notice = notice
        self.devices = devices.map { device in
            Row(id: device.id.uuidString.lowercased(), name: device.name,
                role: device.role == .calendar ? "Calendar app" : device.role.rawValue.capitalized,
                lastSeen: device.lastSeenAt.formatted(date: .abbreviated, time: .shortened), findable: device.role != .calendar)
        }
        hasDevices = !devices.isEmpty
        self.pairing = pairing
        self.error = error
    }
}

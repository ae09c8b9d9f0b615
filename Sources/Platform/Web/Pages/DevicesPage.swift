import CadenceCore
import Foundation
import Web
import PlatformService

/// `/phone/devices`: the paired devices, and the code of a pairing just started.
struct DevicesPage: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let role: String
        /// "last seen 27 Nov 2026, 14:05" (the live channel replaces it with online or offline).
        let lastSeen: String
        let findLabel: String
        let removeLabel: String
        /// Watches, phones and displays can be found (they beep); a calendar app cannot.
        let findable: Bool
    }

    /// An app password just made: shown once, with what the calendar app asks for.
    struct AppPassword: Sendable {
        let name: String
        let password: String
        let username: String
        let url: String
        let intro: String
    }

    struct Pairing: Sendable {
        /// The pairing's id: the page's script retires the code when a device pairs with it (`device.paired`).
        let id: String
        let code: String
        let url: String
        /// The link (or, where the device must trust Cadence's HTTPS first, the trust step) as a QR code, an SVG to
        /// put in the page as it is; nil without the QR library.
        let qrSVG: String?
        /// "Works once, until 14:05."
        let validUntil: String
        /// "Pairing code 123 456", for screen readers.
        let label: String
        /// The trust page, then this pairing: for a device that does not trust Cadence's own HTTPS yet.
        let trustURL: String?

        /// `trustPage` with the pairing's path (`/pair?code=…`) as where its "Continue to Cadence" goes.
        static func trustStep(_ trustPage: String, before path: String) -> String {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=?+")
            return trustPage + "?next=" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "%2Fpair")
        }
    }

    /// A browser or device that receives pushes.
    struct Subscription: Sendable {
        let id: String
        let label: String
        let service: String
        let status: String
        let stopLabel: String
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
    /// "On the watch or display, open **/pair** on this server and enter:", as HTML.
    let pairInstructionsHTML: String
    let live = true

    init(_ devices: [Device], subscriptions: [PushSubscription] = [], muted: Set<PushModule> = [], pairing: Pairing? = nil,
         appPassword: AppPassword? = nil, error: String? = nil, notice: String? = nil, messages: Messages, zone: TimeZone) {
        let format = LocaleFormat(language: messages.language)
        self.appPassword = appPassword
        self.subscriptions = subscriptions.map { subscription in
            // A delivery error is the push service's own words, shown as they came.
            let status = subscription.lastError
                ?? subscription.lastDeliveredAt.map { messages("devices.push.last_notified", ["date": format.dateTime($0, zone: zone)]) }
                ?? messages("devices.push.nothing_sent")
            return Subscription(id: subscription.id.uuidString.lowercased(), label: subscription.label, service: subscription.service,
                                status: status, stopLabel: messages("devices.push.stop_label", ["label": subscription.label]),
                                failing: subscription.lastError != nil)
        }
        hasSubscriptions = !subscriptions.isEmpty
        modules = PushModule.allCases.map { Module(name: $0.rawValue, label: messages("devices.push.module.\($0.rawValue)"), on: !muted.contains($0)) }
        self.notice = notice
        pairInstructionsHTML = MessageHTML.say(messages, "devices.pair.instructions")
        self.devices = devices.map { device in
            Row(id: device.id.uuidString.lowercased(), name: device.name,
                role: messages("devices.role.\(device.role.rawValue)"),
                lastSeen: messages("devices.list.last_seen", ["date": format.dateTime(device.lastSeenAt, zone: zone)]),
                findLabel: messages("devices.list.find_label", ["name": device.name]),
                removeLabel: messages("devices.list.remove_label", ["name": device.name]),
                findable: device.role != .calendar)
        }
        hasDevices = !devices.isEmpty
        self.pairing = pairing
        self.error = error
    }
}

import CadenceCore

/// The signed-in person's way round Cadence: a bar of the modules at the bottom of a phone's screen, a rail down the
/// side on a desktop (the stylesheet decides which), the one a page belongs to marked as current. Derived from the
/// page's path, so no page has to say where it is.
struct Navigation: Sendable {
    struct Item: Sendable {
        let href: String
        let label: String
        /// The symbol's id in /static/icons.svg, which is also the module's colour (`module-<icon>`).
        let icon: String
        /// `aria-current="page"` on the link.
        let current: Bool
    }

    let items: [Item]
    /// The account link in the top bar (the person's settings and Sign out).
    let accountCurrent: Bool

    /// The destinations, in the order a thumb finds them.
    static let destinations: [(path: String, key: String, icon: String)] = [
        ("/phone/talks", "phone.module.talks.name", "talks"),
        ("/phone/stage", "phone.module.stage.name", "stage"),
        ("/phone/tempo", "phone.module.tempo.name", "tempo"),
        ("/phone/spots", "phone.module.spots.name", "spots"),
        ("/phone/devices", "layout.devices", "devices"),
    ]

    init(path: String, messages: Messages) {
        items = Self.destinations.map { destination in
            Item(href: destination.path, label: messages(destination.key), icon: destination.icon,
                 current: path == destination.path || path.hasPrefix(destination.path + "/"))
        }
        accountCurrent = path == "/account" || path.hasPrefix("/account/")
    }
}

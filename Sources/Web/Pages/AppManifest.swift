/// A web app manifest (W3C Web Application Manifest) for one device role: what a browser needs to install Cadence as
/// an app of its own — on the phone the whole product, on a watch its cue card and run view, on a screen the display.
public struct AppManifest: Encodable, Sendable {
    public struct Icon: Encodable, Sendable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    public enum Role: String, CaseIterable, Sendable {
        case phone, watch, display

        /// The role whose manifest a page links: the watch's and the display's own pages, else the phone's.
        public static func of(path: String) -> Role {
            if path == "/watch" || path.hasPrefix("/watch/") { return .watch }
            if path == "/display" || path.hasPrefix("/display/") { return .display }
            return .phone
        }
    }

    let id: String
    let name: String
    let short_name: String
    let description: String
    let lang = "en"
    let start_url: String
    let scope: String
    let display = "standalone"
    let display_override: [String]
    let orientation: String
    let theme_color = "#1b5fd1"
    let background_color: String
    let icons: [Icon]

    /// The design language's accent, and its page background (black on a display, as its slides are framed).
    public init(_ role: Role) {
        id = "/app/\(role.rawValue)"
        start_url = "/\(role.rawValue)"
        icons = [192, 512].flatMap { size in
            [Icon(src: "/static/icons/icon-\(size).png", sizes: "\(size)x\(size)", type: "image/png", purpose: "any"),
             Icon(src: "/static/icons/icon-maskable-\(size).png", sizes: "\(size)x\(size)", type: "image/png", purpose: "maskable")]
        }
        switch role {
        case .phone:
            name = "Cadence"
            short_name = "Cadence"
            description = "Talks, slides, runs and reminders against the clock."
            scope = "/"
            display_override = []
            orientation = "any"
            background_color = "#f6f7f9"
        case .watch:
            name = "Cadence on the wrist"
            short_name = "Cadence"
            description = "Your talk's cues and your run at a glance."
            scope = "/watch"
            display_override = []
            orientation = "any"
            background_color = "#000000"
        case .display:
            name = "Cadence display"
            short_name = "Display"
            description = "An audience screen that shows the presenter's slides."
            scope = "/display"
            display_override = ["fullscreen"]
            orientation = "landscape"
            background_color = "#000000"
        }
    }
}

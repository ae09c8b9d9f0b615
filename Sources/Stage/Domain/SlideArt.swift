import CadenceCore
import Foundation

/// Draws simple slide pictures as SVG: the demo series' slides, and placeholders for
/// imported slides whose pictures could not be rendered. Pure text, no image library.
public enum SlideArt {
    public static let width = 1600
    public static let height = 900

    public struct Palette: Sendable {
        public let top: String, bottom: String, ink: String
        public static let dusk = Palette(top: "#1d2b53", bottom: "#7e2553", ink: "#fff1e8")
        public static let sea = Palette(top: "#0b3d4c", bottom: "#1a7f8e", ink: "#f4fbfc")
        public static let earth = Palette(top: "#3b2a1a", bottom: "#8a5a2b", ink: "#fff8ee")
        public static let night = Palette(top: "#0d0d12", bottom: "#2a2a3a", ink: "#f2f2f7")
    }

    /// A title card: a large heading and an optional line under it.
    public static func titleCard(_ heading: String, subtitle: String? = nil, palette: Palette = .dusk) -> String {
        var text = """
            <text x="800" y="\(subtitle == nil ? 470 : 430)" font-size="96" font-weight="700" text-anchor="middle" \
            fill="\(palette.ink)">\(MarkupText.escape(heading))</text>
            """
        if let subtitle {
            text += """
                <text x="800" y="540" font-size="48" text-anchor="middle" fill="\(palette.ink)" \
                fill-opacity="0.85">\(MarkupText.escape(subtitle))</text>
                """
        }
        return frame(palette: palette, content: text)
    }

    /// A picture with no words, for overlays to write on: hills under a sky.
    public static func landscape(palette: Palette = .sea) -> String {
        frame(palette: palette, content: """
            <circle cx="1260" cy="230" r="110" fill="\(palette.ink)" fill-opacity="0.8"/>
            <path d="M0 700 Q 400 520 800 690 T 1600 640 V 900 H 0 Z" fill="#000" fill-opacity="0.35"/>
            <path d="M0 780 Q 500 650 1000 780 T 1600 760 V 900 H 0 Z" fill="#000" fill-opacity="0.45"/>
            """)
    }

    private static func frame(palette: Palette, content: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(palette.top)"/>\
        <stop offset="1" stop-color="\(palette.bottom)"/></linearGradient></defs>
        <rect width="\(width)" height="\(height)" fill="url(#g)"/>
        \(content)
        </svg>
        """
    }
}

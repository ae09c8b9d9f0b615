import CadenceCore
import Foundation

/// Text drawn over a slide's picture (S3), so one picture serves every language: the
/// words come from the chosen slide language. Position and size are fractions of the
/// slide (0…1) so the overlay lands in the same place on any screen.
public struct Overlay: Equatable, Sendable, Codable {
    public var text: Localized<String>
    public var font: String
    /// Font size as a fraction of the slide's height (0.05 = a twentieth).
    public var size: Double
    public var color: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Background of the text box, or nil for none.
    public var box: String?
    public var align: String

    public static let fonts = ["sans-serif", "serif", "monospace"]
    public static let alignments = ["left", "center", "right"]

    public init(
        text: Localized<String>, font: String = "sans-serif", size: Double = 0.06, color: String = "#ffffff",
        x: Double, y: Double, width: Double, height: Double, box: String? = nil, align: String = "center"
    ) throws(ValidationError) {
        guard Self.fonts.contains(font) else {
            throw ValidationError(field: "font", "The font is one of \(Self.fonts.joined(separator: ", ")).", key: "stage.error.overlay_font", ["fonts": Self.fonts.joined(separator: ", ")])
        }
        guard size > 0.005, size <= 0.5 else { throw ValidationError(field: "size", "The size is a fraction of the slide's height, above 0.005 and at most 0.5.", key: "stage.error.overlay_size") }
        for (name, value) in [("x", x), ("y", y), ("width", width), ("height", height)] {
            guard value.isFinite, value >= 0, value <= 1 else {
                throw ValidationError(field: name, "\(name) is a fraction of the slide, from 0 to 1.", key: "stage.error.overlay_fraction", ["name": name])
            }
        }
        guard width > 0, height > 0, x + width <= 1.000_1, y + height <= 1.000_1 else {
            throw ValidationError(field: "width", "The overlay's box must lie inside the slide.", key: "stage.error.overlay_inside")
        }
        guard Self.isColor(color) else { throw ValidationError(field: "color", "The colour is written #rrggbb.", key: "stage.error.overlay_color") }
        if let box, !Self.isColor(box) { throw ValidationError(field: "box", "The box colour is written #rrggbb or #rrggbbaa.", key: "stage.error.overlay_box_color") }
        guard Self.alignments.contains(align) else { throw ValidationError(field: "align", "Alignment is left, center or right.", key: "stage.error.overlay_align") }
        self.text = text
        self.font = font
        self.size = size
        self.color = color
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.box = box
        self.align = align
    }

    static func isColor(_ text: String) -> Bool {
        text.count == 7 || text.count == 9 ? text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit) : false
    }
}

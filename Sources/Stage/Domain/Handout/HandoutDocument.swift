import Foundation

/// Everything a printed handout of one talk (or variation) shows, already resolved to one
/// notes language: the writer does no look-ups, so the same document always gives the same PDF.
public struct HandoutDocument: Equatable, Sendable {
    public var title: String
    /// A second line on the title page, e.g. "Series name · Español · 3 May 2026".
    public var subtitle: String?
    public var slides: [HandoutSlide]

    public init(title: String, subtitle: String? = nil, slides: [HandoutSlide]) {
        self.title = title
        self.subtitle = subtitle
        self.slides = slides
    }
}

/// One slide of the handout: its number as shown in the talk, a heading, a small picture
/// and the presenter's notes as edited.
public struct HandoutSlide: Equatable, Sendable {
    /// The position in the talk (1-based); printed, never used for ordering.
    public var number: Int
    public var title: String?
    /// `nil` draws no picture box at all; `.missing` draws a grey box saying why.
    public var picture: HandoutPicture?
    public var notes: [HandoutParagraph]

    public init(number: Int, title: String? = nil, picture: HandoutPicture? = nil, notes: [HandoutParagraph] = []) {
        self.number = number
        self.title = title
        self.picture = picture
        self.notes = notes
    }
}

/// A slide's picture as the original file's bytes. The writer reads the pixel size from the
/// file's own header, so callers never have to keep it in sync.
public enum HandoutPicture: Equatable, Sendable {
    case jpeg(Data)
    case png(Data)
    /// No raster picture exists (a video, an SVG): a grey box with `reason` is drawn instead,
    /// so the reader still sees that the slide had something on it.
    case missing(String)
}

/// One paragraph of notes. The notes editor allows only this safe subset of rich text,
/// so the handout can show everything it can hold.
public struct HandoutParagraph: Equatable, Sendable {
    public var runs: [HandoutRun]
    /// 0 is a plain paragraph; 1…3 are nested bullet items (larger values are clamped to 3).
    public var bulletLevel: Int

    public init(runs: [HandoutRun], bulletLevel: Int = 0) {
        self.runs = runs
        self.bulletLevel = min(max(bulletLevel, 0), 3)
    }

    /// A paragraph of unstyled text.
    public init(_ text: String, bulletLevel: Int = 0) {
        self.init(runs: [HandoutRun(text)], bulletLevel: bulletLevel)
    }

    /// The paragraph's text without styling, e.g. for tests and search.
    public var plainText: String { runs.map(\.text).joined() }
}

/// A stretch of text with one style.
public struct HandoutRun: Equatable, Sendable {
    public var text: String
    public var style: HandoutTextStyle

    public init(_ text: String, style: HandoutTextStyle = []) {
        self.text = text
        self.style = style
    }
}

/// The text styles notes may use. Bold and italic pick the Helvetica face; underline and
/// strikethrough are drawn as thin lines because PDF fonts have no such faces.
public struct HandoutTextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = HandoutTextStyle(rawValue: 1 << 0)
    public static let italic = HandoutTextStyle(rawValue: 1 << 1)
    public static let underline = HandoutTextStyle(rawValue: 1 << 2)
    public static let strikethrough = HandoutTextStyle(rawValue: 1 << 3)
}

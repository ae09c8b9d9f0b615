import Foundation

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

import CadenceCore
import Foundation
import Stage

/// What the audience screens show (S2, S3): sent on the live channel as `stage.screen`
/// with everything a display needs to draw it, so a display makes no second request.
public struct StageScreen: Codable, Sendable {
    public var talkId: UUID?
    public var slideId: UUID?
    public var number: Int?
    public var total: Int?
    public var kind: SlideKind?
    public var media: String?
    public var durationMs: Int64?
    public var overlays: [ScreenOverlay]
    /// Words from the notes' `<C>…<c>` markers at the current step.
    public var caption: String?
    /// True when the presenter blanks the screens (B or .), and before a talk starts and after it ends.
    public var blank: Bool
    /// "project": the slide fills the screen; "mirror": the screens show the presenter's view.
    public var mode: String
    /// In mirror mode, the notes the presenter sees.
    public var notes: String?
    /// The talk ended: the screens go black and say so.
    public var ended: Bool
    /// The languages of what is shown (content, never translated): the slide's words, the caption, the mirrored notes.
    public var slideLanguage: String?
    public var captionLanguage: String?
    public var notesLanguage: String?

    public static let type = "stage.screen"
    public static let black = StageScreen(overlays: [], blank: true, mode: "project", ended: false)
}

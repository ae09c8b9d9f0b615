import CadenceCore
import Foundation
import Stage
import StageService
import Web

/// What the audience screens show (S2, S3): sent on the live channel as `stage.screen`
/// with everything a display needs to draw it, so a display makes no second request.
struct StageScreen: Codable, Sendable {
    var talkId: UUID?
    var slideId: UUID?
    var number: Int?
    var total: Int?
    var kind: SlideKind?
    var media: String?
    var durationMs: Int64?
    var overlays: [OverlayBody]
    /// Words from the notes' `<C>…<c>` markers at the current step.
    var caption: String?
    /// True when the presenter blanks the screens (B or .), and before a talk starts and after it ends.
    var blank: Bool
    /// "project": the slide fills the screen; "mirror": the screens show the presenter's view.
    var mode: String
    /// In mirror mode, the notes the presenter sees.
    var notes: String?
    /// The talk ended: the screens go black and say so.
    var ended: Bool

    static let type = "stage.screen"
    static let black = StageScreen(overlays: [], blank: true, mode: "project", ended: false)
}

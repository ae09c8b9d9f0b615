import CadenceCore
import Foundation
import Stage

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
    var overlays: [ScreenOverlay]
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

struct ScreenOverlay: Codable, Sendable {
    let text: String
    let font: String
    let size: Double
    let color: String
    let x: Double
    let y: Double
    let width: Double
    let height: Double
    let box: String?
    let align: String
}

extension ScreenOverlay {
    init(_ body: OverlayBody) {
        self.init(text: body.text, font: body.font, size: body.size, color: body.color, x: body.x, y: body.y,
                  width: body.width, height: body.height, box: body.box, align: body.align)
    }
}

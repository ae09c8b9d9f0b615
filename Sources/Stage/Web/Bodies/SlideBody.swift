import Foundation
import Hummingbird
import Stage
import StageService
import Web

/// A slide as stored: every language, for editing and export.
struct SlideBody: Encodable {
    let id: UUID
    let kind: SlideKind
    let hidden: Bool
    let title: String?
    let media: [String: String]
    let notes: [String: String]
    let overlays: [Overlay]
    let appeal: AppealTag?

    init(_ slide: Slide, hidden: Bool) {
        id = slide.id
        kind = slide.kind
        self.hidden = hidden
        title = slide.title
        media = slide.media.values.mapValues(StageLibrary.assetURL)
        notes = slide.notes.values
        overlays = slide.overlays
        appeal = slide.appeal
    }
}

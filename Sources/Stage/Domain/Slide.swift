import CadenceCore
import Foundation

/// One slide (S1): a picture or a video per slide language, presenter notes per notes
/// language, and text overlays drawn on top. Which slides a talk shows, in what order
/// and whether hidden, lives in the talk's arrangement, so reordering never rewrites slides
/// (and a later variation can keep its own arrangement without copying them).
public struct Slide: Equatable, Sendable, Codable {
    public let id: UUID
    public var kind: SlideKind
    /// Asset id of the picture or video, per slide language.
    public var media: Localized<UUID>
    public var notes: Localized<String>
    public var overlays: [Overlay]
    /// Set on the slides of an appeal: shown only when the talk's appeal choice matches.
    public var appeal: AppealTag?
    /// A title from the imported deck, for the picker and the handout.
    public var title: String?

    public static let maximumNotesLength = 50_000
    public static let maximumOverlays = 20

    public init(
        id: UUID = UUID(), kind: SlideKind = .image, media: Localized<UUID> = .init(), notes: Localized<String> = .init(),
        overlays: [Overlay] = [], appeal: AppealTag? = nil, title: String? = nil
    ) throws(ValidationError) {
        self.id = id
        self.kind = kind
        self.media = media
        for (language, text) in notes.values where text.count > Self.maximumNotesLength {
            throw ValidationError(field: "notes.\(language)", "Notes have at most \(Self.maximumNotesLength) characters.", key: "stage.error.notes_too_long", ["max": String(Self.maximumNotesLength)])
        }
        self.notes = notes
        guard overlays.count <= Self.maximumOverlays else {
            throw ValidationError(field: "overlays", "A slide has at most \(Self.maximumOverlays) overlays.", key: "stage.error.overlays_max", ["max": String(Self.maximumOverlays)])
        }
        self.overlays = overlays
        self.appeal = appeal
        self.title = title
    }
}

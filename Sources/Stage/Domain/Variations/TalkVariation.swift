import CadenceCore
import Foundation

/// A version of a talk (S6) that stores only what differs from the talk as imported
/// (copy-on-write): its own order and visibility if changed, the notes it edited, the slides
/// it added, its appeal choice. Creating one copies these few differences, never the slides,
/// so it is instant and costs almost no storage. The "Original" variation has the talk's own
/// id and exists without a row until it is first edited.
public struct TalkVariation: Equatable, Sendable {
    public let id: UUID
    public let talkID: UUID
    public var name: String
    public var edits: TalkEdits
    /// Counts saves: an edit names the revision it was made on, and a stale one is refused
    /// (two devices editing at once get a clear conflict instead of losing each other's work).
    public var revision: Int

    public static let maximumNameLength = 80
    public static let originalName = "Original"

    public var isOriginal: Bool { id == talkID }

    /// Whether it is the original under the name the server gave it, which pages say in their own language.
    public var hasDefaultName: Bool { isOriginal && name == Self.originalName }

    public init(id: UUID = UUID(), talkID: UUID, name: String, edits: TalkEdits = TalkEdits(), revision: Int = 0) throws(ValidationError) {
        self.id = id
        self.talkID = talkID
        self.name = try RequiredText.check(name, field: "name", maximumLength: Self.maximumNameLength,
                                           whenEmpty: "Give the variation a name.", noun: "A variation name",
                                           keys: .under("stage.error.variation_name"))
        self.edits = edits
        self.revision = revision
    }

    /// The talk's original, unedited.
    public static func original(of talkID: UUID) -> TalkVariation {
        try! TalkVariation(id: talkID, talkID: talkID, name: originalName)
    }

    /// One slide's notes in one language, kept only where they differ from the slide's own
    /// (`slide` as imported or as this variation added it). Every notes edit is one entry of
    /// `edits.notes`, so saving it writes that slide's notes alone.
    public mutating func setNotes(_ markup: String, of slide: Slide, language: String) throws(ValidationError) {
        guard markup.count <= Slide.maximumNotesLength else {
            throw ValidationError(field: "notes", "Notes have at most \(Slide.maximumNotesLength) characters.", key: "stage.error.notes_too_long", ["max": String(Slide.maximumNotesLength)])
        }
        if slide.notes.values[language] == markup {
            edits.notes[slide.id]?[language] = nil
            if edits.notes[slide.id]?.isEmpty == true { edits.notes[slide.id] = nil }
        } else {
            edits.notes[slide.id, default: [:]][language] = markup
        }
    }

    /// The order and visibility this variation presents the talk (as imported) in: its own, unless
    /// it names a slide that is gone (`exists` says which are there), when the talk's own order is
    /// kept rather than lose slides.
    public func arrangement(of talk: StageTalk, exists: (UUID) -> Bool) -> [SlidePlacement] {
        guard let own = edits.arrangement, own.allSatisfy({ exists($0.slideID) }) else { return talk.arrangement }
        return own
    }

    /// A slide this variation added and shows, as added (before notes edits).
    public func addedSlide(_ id: UUID) -> Slide? {
        edits.addedSlides.first { $0.id == id }
    }

    /// The slide with the notes this variation edited.
    public func withEditedNotes(_ slide: Slide) -> Slide {
        guard let notes = edits.notes[slide.id] else { return slide }
        var edited = slide
        for (language, text) in notes { edited.notes.values[language] = text }
        return edited
    }

    /// A new variation starting from this one's state (the original's edits included).
    public func copy(named name: String) throws(ValidationError) -> TalkVariation {
        try TalkVariation(talkID: talkID, name: name, edits: edits)
    }
}

import CadenceCore
import Foundation

/// What a variation changes. Everything absent means "as imported".
public struct TalkEdits: Codable, Equatable, Sendable {
    /// Order and visibility; nil keeps the talk's own.
    public var arrangement: [SlidePlacement]?
    /// Notes as edited, per slide and language (rich-notes markup, see `RichNotes`), for the
    /// imported slides and the added ones alike.
    public var notes: [UUID: [String: String]]
    /// Slides this variation added (an inserted picture or video, a duplicate, a slide taken from another talk).
    public var addedSlides: [Slide]
    public var appeal: AppealChoice?
    /// Added slides deleted lately, newest last, so that undo can put one back (imported slides
    /// need no copy: they are still the talk's). At most `removedSlidesKept`.
    public var removedSlides: [Slide]

    public static let removedSlidesKept = 10

    public init(arrangement: [SlidePlacement]? = nil, notes: [UUID: [String: String]] = [:], addedSlides: [Slide] = [],
                appeal: AppealChoice? = nil, removedSlides: [Slide] = []) {
        self.arrangement = arrangement
        self.notes = notes
        self.addedSlides = addedSlides
        self.appeal = appeal
        self.removedSlides = removedSlides
    }

    enum CodingKeys: String, CodingKey { case arrangement, notes, addedSlides, appeal, removedSlides }

    /// Edits saved before `removedSlides` existed decode with none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        arrangement = try c.decodeIfPresent([SlidePlacement].self, forKey: .arrangement)
        notes = try c.decodeIfPresent([UUID: [String: String]].self, forKey: .notes) ?? [:]
        addedSlides = try c.decode([Slide].self, forKey: .addedSlides)
        appeal = try c.decodeIfPresent(AppealChoice.self, forKey: .appeal)
        removedSlides = try c.decodeIfPresent([Slide].self, forKey: .removedSlides) ?? []
    }

    /// Nothing shown differs (slides kept for undo show nowhere).
    public var isEmpty: Bool { arrangement == nil && notes.isEmpty && addedSlides.isEmpty && appeal == nil }
}

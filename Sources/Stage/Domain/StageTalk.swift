import CadenceCore
import Foundation

/// A talk of a series (S1): its slides in order, which are hidden, and the appeal choice.
/// The arrangement is one small value, so saving a new order or visibility is one write.
public struct StageTalk: Equatable, Sendable {
    public let id: UUID
    public let seriesID: UUID
    public var title: String
    public var position: Int
    public private(set) var arrangement: [SlidePlacement]
    public var appeal: AppealChoice

    public static let maximumTitleLength = 160
    public static let maximumSlides = 2_000

    /// The catalogue keys of a title's refusals ("Give the talk a title." is Talks' words too).
    public static let titleKeys = RequiredText.Keys(empty: "talks.error.title_required", nul: "stage.error.talk_title_nul",
                                                     tooLong: "stage.error.talk_title_too_long")

    public init(
        id: UUID = UUID(), seriesID: UUID, title: String, position: Int = 0, arrangement: [SlidePlacement] = [],
        appeal: AppealChoice = AppealChoice()
    ) throws(ValidationError) {
        self.id = id
        self.seriesID = seriesID
        self.title = try RequiredText.check(title, field: "title", maximumLength: Self.maximumTitleLength,
                                            whenEmpty: "Give the talk a title.", noun: "A talk title", keys: Self.titleKeys)
        self.position = position
        self.arrangement = []
        self.appeal = appeal
        try arrange(arrangement)
    }

    /// Replaces the order and visibility. Every slide appears once.
    public mutating func arrange(_ placements: [SlidePlacement]) throws(ValidationError) {
        guard placements.count <= Self.maximumSlides else {
            throw ValidationError(field: "slides", "A talk has at most \(Self.maximumSlides) slides.", key: "stage.error.talk_slides_max", ["max": String(Self.maximumSlides)])
        }
        guard Set(placements.map(\.slideID)).count == placements.count else {
            throw ValidationError(field: "slides", "Each slide appears once in a talk's order.", key: "stage.error.slide_once")
        }
        arrangement = placements
    }

    /// A new order and visibility for the same slides: nothing may be lost or added on the way.
    public mutating func rearrange(_ placements: [SlidePlacement]) throws(ValidationError) {
        guard Set(placements.map(\.slideID)) == Set(arrangement.map(\.slideID)), placements.count == arrangement.count else {
            throw ValidationError(field: "slides", "The new order must list every slide of the talk exactly once.", key: "stage.error.order_every_slide")
        }
        try arrange(placements)
    }
}

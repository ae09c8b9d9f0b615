import Foundation

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

import CadenceCore
import Foundation

/// A slide's place in a talk.
public struct SlidePlacement: Equatable, Sendable, Codable {
    public let slideID: UUID
    public var hidden: Bool

    public init(slideID: UUID, hidden: Bool = false) {
        self.slideID = slideID
        self.hidden = hidden
    }
}

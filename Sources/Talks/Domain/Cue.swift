import CadenceCore
import Foundation

/// One cue: the keyword the watch shows from `at` seconds into the talk.
public struct Cue: Equatable, Sendable, Codable {
    public let id: UUID
    public var keyword: String
    public var at: Int

    public init(id: UUID = UUID(), keyword: String, at: Int) {
        self.id = id
        self.keyword = keyword
        self.at = at
    }
}

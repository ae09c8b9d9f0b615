import CadenceCore
import Foundation

/// Marks a slide as part of an appeal: shown only for that kind (nil: every kind) and that song (nil: every song).
public struct AppealTag: Equatable, Sendable, Codable {
    public var kind: AppealKind?
    public var song: String?

    public init(kind: AppealKind? = nil, song: String? = nil) {
        self.kind = kind
        self.song = song
    }

    public func matches(_ choice: AppealChoice) -> Bool {
        (kind == nil || kind == choice.kind) && (song == nil || song == choice.song)
    }
}

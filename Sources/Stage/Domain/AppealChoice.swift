import CadenceCore
import Foundation

/// The speaker's appeal choice for a talk: a kind and, when the talk offers several, a song.
public struct AppealChoice: Equatable, Sendable, Codable {
    public var kind: AppealKind
    public var song: String?

    public init(kind: AppealKind = .vocal, song: String? = nil) {
        self.kind = kind
        self.song = song.flatMap { $0.isEmpty ? nil : $0 }
    }
}

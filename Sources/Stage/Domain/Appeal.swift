import CadenceCore
import Foundation

/// How a talk's appeal is given (S3): sung, played, or as words on the screen.
public enum AppealKind: String, Codable, Sendable, CaseIterable {
    case vocal
    case instrumental
    case text

    public var label: String {
        switch self {
        case .vocal: "Vocal"
        case .instrumental: "Instrumental"
        case .text: "Text only"
        }
    }
}

/// The speaker's appeal choice for a talk: a kind and, when the talk offers several, a song.
public struct AppealChoice: Equatable, Sendable, Codable {
    public var kind: AppealKind
    public var song: String?

    public init(kind: AppealKind = .vocal, song: String? = nil) {
        self.kind = kind
        self.song = song.flatMap { $0.isEmpty ? nil : $0 }
    }
}

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

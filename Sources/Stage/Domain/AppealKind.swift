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

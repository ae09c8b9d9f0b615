import CadenceCore
import Foundation

public enum SlideKind: String, Codable, Sendable {
    case image
    case video
}

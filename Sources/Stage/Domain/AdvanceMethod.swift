import Foundation

/// How the presenter advances (S9): buttons, swiping, or tapping the sides of the screen.
public enum AdvanceMethod: String, Sendable, CaseIterable {
    case buttons
    case swipe
    case tapSides = "tap-sides"

    public var label: String {
        switch self {
        case .buttons: "Previous/next buttons"
        case .swipe: "Swipe left or right"
        case .tapSides: "Tap the left or right side"
        }
    }
}

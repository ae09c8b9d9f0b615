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

/// What the audience screens show (S2): the presenter's view (mirror, the seed's default,
/// A.3.1) or the slides alone (project). The person's last choice is kept for their next talk.
public enum ScreenMode: String, Sendable, CaseIterable, Codable {
    case mirror
    case project

    public static let `default` = ScreenMode.mirror
}

import Foundation
import Synchronization

/// What a command did: applied now, or already applied under the same id.
public enum LiveCommandOutcome: Equatable, Sendable {
    case applied
    case duplicate
}

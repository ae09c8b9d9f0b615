import CadenceCore
import Foundation

public enum RunError: Error, Equatable, CustomStringConvertible {
    case notAllowed(action: RunStep.Action, phase: RunSnapshot.Phase)
    case outOfOrder

    public var description: String {
        switch self {
        case .notAllowed(let action, let phase): "\"\(action.rawValue)\" is not possible while the run is \(phase.rawValue)."
        case .outOfOrder: "A step cannot come before the previous one."
        }
    }

    /// The message in the catalogue: one key per phase, as the phase is a word of the sentence.
    public var messageKey: MessageKey {
        switch self {
        case .notAllowed(let action, let phase):
            return MessageKey("talks.error.step_not_allowed.\(phase.catalogueName)", ["action": action.rawValue])
        case .outOfOrder:
            return MessageKey("talks.error.step_out_of_order")
        }
    }
}

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
}

import Foundation
import Subprocess
import Synchronization

#if canImport(System)
import System
#else
import SystemPackage
#endif

public enum ToolProcessError: Error, Equatable, Sendable {
    /// The executable could not be started (missing, not executable), with the system's reason.
    case couldNotStart(executable: String, why: String)
    /// It ran past its time and was stopped.
    case timedOut
}

extension ToolProcessError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .couldNotStart(let executable, let why): "\(executable) could not be started (\(why))"
        case .timedOut: "timed out"
        }
    }
}

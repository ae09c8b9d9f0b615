import Foundation
import Subprocess
import Synchronization

#if canImport(System)
import System
#else
import SystemPackage
#endif

public enum ToolProcessError: Error, Equatable, Sendable {
    /// The executable could not be started (missing, not executable).
    case couldNotStart(String)
    /// It ran past its time and was stopped.
    case timedOut
}

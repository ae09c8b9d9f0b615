import Foundation
import Subprocess
import Synchronization

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// What a command-line tool left behind.
public struct ToolOutput: Sendable {
    /// The exit code; 128 + the signal's number when a signal ended it (as a shell reports it).
    public let status: Int32
    /// Standard output, at most the limit asked for.
    public let stdout: Data
    /// True when the tool wrote more than the limit and was stopped.
    public let stdoutTruncated: Bool
    /// The end of standard error (its last 64 KiB), for error messages.
    public let stderr: String

    /// The last lines of stderr, for a message a person reads.
    public func stderrTail(lines: Int = 8, characters: Int = 1500) -> String {
        let tail = stderr.split(separator: "\n").suffix(lines).joined(separator: "\n")
        return String(tail.suffix(characters)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

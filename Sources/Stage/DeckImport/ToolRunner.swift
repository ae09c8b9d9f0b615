import Foundation
import ToolProcess

/// Runs the importer's tools (poppler, LibreOffice) through the shared ToolProcess, saying what went wrong in the
/// importer's own terms: a tool that cannot start names its Debian package, one that runs too long was stopped.
enum ToolRunner {
    static func run(_ executable: String, _ arguments: [String], name: String, package: String? = nil,
                    environment: [String: String]? = nil, timeout: TimeInterval,
                    tick: (@Sendable () -> Void)? = nil) async throws -> ToolOutput {
        try checkCancelled()
        do {
            return try await ToolProcess.run(executable, arguments, environment: environment,
                                             timeout: .milliseconds(Int64(timeout * 1000)), tick: tick)
        } catch is CancellationError {
            throw DeckImportError.cancelled
        } catch ToolProcessError.timedOut {
            let minutes = String(Int(timeout / 60))
            throw DeckImportError(.toolFailed, "\(name) did not finish within \(minutes) minutes and was stopped; try a smaller file.",
                                  key: "stage.error.import.tool_timeout", ["tool": name, "minutes": minutes])
        } catch ToolProcessError.couldNotStart(let executable, let why) {
            let reason = ToolProcessError.couldNotStart(executable: executable, why: why).description
            guard let package else {
                throw DeckImportError(.toolMissing, reason + ".", key: "stage.error.import.tool_start_failed", ["tool": executable, "detail": why])
            }
            throw DeckImportError(.toolMissing, reason + "; install the Debian package \(package) and import again.",
                                  key: "stage.error.import.tool_unstartable", ["tool": executable, "detail": why, "package": package])
        }
    }
}

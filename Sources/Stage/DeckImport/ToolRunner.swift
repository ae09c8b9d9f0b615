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
            throw DeckImportError(.toolFailed,
                "\(name) did not finish within \(Int(timeout / 60)) minutes and was stopped; try a smaller file.")
        } catch ToolProcessError.couldNotStart(let reason) {
            throw DeckImportError(.toolMissing, reason + (package.map { "; install the Debian package \($0) and import again." } ?? "."))
        }
    }
}

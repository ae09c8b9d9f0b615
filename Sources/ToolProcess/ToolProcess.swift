import Foundation
import Subprocess
import Synchronization

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs the command-line tools Cadence leans on (poppler, LibreOffice, ffmpeg) through swift-subprocess: output
/// read as it comes (stdout up to a limit, the tail of stderr), a timeout, and cancellation that ends the whole
/// process group — LibreOffice's `soffice` is a script that starts oosplash and soffice.bin, and stopping only the
/// script would leave them running. The tool gets a session of its own, so that group holds only it and its children.
public enum ToolProcess {
    static let stderrKept = 64 * 1024
    static let tickInterval: Duration = .milliseconds(250)

    /// - Parameters:
    ///   - stdoutLimit: bytes of standard output to keep; past it the tool is stopped and `stdoutTruncated` set.
    ///   - timeout: how long it may run; past it, `ToolProcessError.timedOut`.
    ///   - tick: called every quarter second while it runs (progress); never after this returns.
    ///   - stdoutSink: when given, standard output goes to it as it comes, not into `ToolOutput.stdout` (a dump of any
    ///     size). The tool waits while the sink does: a sink that paces itself paces the tool.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdoutLimit: Int = .max, timeout: Duration? = nil, tick: (@Sendable () -> Void)? = nil,
        stdoutSink: (@Sendable (UnsafeRawBufferPointer) throws -> Void)? = nil
    ) async throws -> ToolOutput {
        try Task.checkCancellation()
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = [
            .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(2)),
            .send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(100)),
        ]
        let configuration = Configuration(
            executable: .path(FilePath(executable)), arguments: Arguments(arguments),
            environment: environment.map { values in
                .custom(Dictionary(uniqueKeysWithValues: values.compactMap { key, value in
                    Environment.Key(rawValue: key).map { ($0, value) }
                }))
            } ?? .inherit,
            platformOptions: options)
        let finished = FinishedFlag()
        return try await withThrowingTaskGroup(of: ToolOutput?.self) { group in
            group.addTask { try await collect(configuration, stdoutLimit: stdoutLimit, executable: executable, sink: stdoutSink) }
            if let timeout {
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw ToolProcessError.timedOut
                }
            }
            if let tick {
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: tickInterval)
                        finished.unlessFinished(tick)
                    }
                    return nil
                }
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let output = next {
                    finished.finish()
                    return output
                }
            }
            throw CancellationError()
        }
    }

    private static func collect(_ configuration: Configuration, stdoutLimit: Int, executable: String,
                                sink: (@Sendable (UnsafeRawBufferPointer) throws -> Void)?) async throws -> ToolOutput {
        let result: ExecutionResult<(Data, Bool, Data), SequenceOutput, SequenceOutput>
        do {
            result = try await Subprocess.run(configuration, input: .none, output: .sequence, error: .sequence) { execution in
                async let errorTail = tail(of: execution.standardError, keeping: stderrKept)
                var kept = Data()
                var truncated = false
                for try await buffer in execution.standardOutput {
                    if let sink {
                        try buffer.withUnsafeBytes { try sink($0) }
                        continue
                    }
                    guard !truncated else { continue }  // drained, so the tool never blocks on a full pipe
                    buffer.withUnsafeBytes { kept.append(contentsOf: $0.prefix(stdoutLimit - kept.count)) }
                    if kept.count >= stdoutLimit {
                        truncated = true
                        try? execution.send(signal: .terminate, toProcessGroup: true)
                    }
                }
                return (kept, truncated, try await errorTail)
            }
        } catch let error as SubprocessError where error.code == .executableNotFound || error.code == .spawnFailed {
            throw ToolProcessError.couldNotStart(executable: executable, why: "\(error)")
        }
        try Task.checkCancellation()
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        let (stdout, truncated, stderr) = result.closureResult
        return ToolOutput(status: status, stdout: stdout, stdoutTruncated: truncated, stderr: String(decoding: stderr, as: UTF8.self))
    }

    private static func tail(of sequence: SubprocessOutputSequence, keeping limit: Int) async throws -> Data {
        var kept = Data()
        for try await buffer in sequence {
            buffer.withUnsafeBytes { kept.append(contentsOf: $0) }
            if kept.count > 2 * limit { kept = kept.suffix(limit) }
        }
        return kept.suffix(limit)
    }
}

/// Set once the tool's output is in; a progress tick checks it under the same lock, so none is delivered after.
private final class FinishedFlag: Sendable {
    private let finished = Mutex(false)

    func finish() { finished.withLock { $0 = true } }

    func unlessFinished(_ body: () -> Void) {
        finished.withLock { done in if !done { body() } }
    }
}

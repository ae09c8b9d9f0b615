import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths of the command-line tools the importer uses; nil when a tool is missing.
public struct ExternalTools: Sendable {
    public var pdftoppm: String?
    public var pdftotext: String?
    public var pdfinfo: String?
    public var soffice: String?

    public init(pdftoppm: String? = nil, pdftotext: String? = nil, pdfinfo: String? = nil, soffice: String? = nil) {
        self.pdftoppm = pdftoppm
        self.pdftotext = pdftotext
        self.pdfinfo = pdfinfo
        self.soffice = soffice
    }

    /// Looks the tools up on PATH (from `environment`, so tests can pass their own).
    public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalTools {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        func find(_ names: String...) -> String? {
            for name in names {
                for folder in folders {
                    let candidate = (folder as NSString).appendingPathComponent(name)
                    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
            return nil
        }
        return ExternalTools(pdftoppm: find("pdftoppm"), pdftotext: find("pdftotext"), pdfinfo: find("pdfinfo"),
                             soffice: find("soffice", "libreoffice"))
    }
}

struct ToolResult: Sendable {
    var status: Int32
    var stdout: Data
    var stderr: String

    /// The last lines of stderr, for error messages.
    var stderrTail: String {
        let lines = stderr.split(separator: "\n").suffix(8).joined(separator: "\n")
        return String(lines.suffix(1500)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs a command-line tool with captured output, a timeout, and cancellation that kills the
/// whole process group (LibreOffice's `soffice` is a script that starts oosplash and soffice.bin;
/// killing only the script would leave them running). Foundation's Process on Linux starts each
/// child in its own process group, which is what makes the group kill possible.
enum ToolRunner {
    /// Reads a pipe until its writer closes it. Plain read(2) with EINTR retried: Foundation's
    /// readDataToEndOfFile traps when a signal (a child exiting, say) interrupts the read.
    static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    static func run(_ executable: String, _ arguments: [String], name: String, package: String? = nil,
                    environment: [String: String]? = nil, timeout: TimeInterval,
                    tick: (@Sendable () -> Void)? = nil) async throws -> ToolResult {
        try checkCancelled()
        let control = ProcessControl()
        let result: ToolResult = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ToolResult, Error>) in
                control.start(executable, arguments, package: package, environment: environment, timeout: timeout, tick: tick) {
                    continuation.resume(with: $0)
                }
            }
        } onCancel: {
            control.cancel()
        }
        if control.wasCancelled { throw DeckImportError.cancelled }
        if control.didTimeOut {
            throw DeckImportError(.toolFailed,
                "\(name) did not finish within \(Int(timeout / 60)) minutes and was stopped; try a smaller file.")
        }
        return result
    }
}

/// Owns one child process. All state is guarded by `lock` so cancellation, timeout and exit can race safely.
private final class ProcessControl: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: Int32 = 0
    private var cancelled = false
    private var timedOut = false
    private var finished = false

    var wasCancelled: Bool { lock.withLock { cancelled } }
    var didTimeOut: Bool { lock.withLock { timedOut } }

    func start(_ executable: String, _ arguments: [String], package: String?, environment: [String: String]?, timeout: TimeInterval,
               tick: (@Sendable () -> Void)?, completion: @escaping @Sendable (Result<ToolResult, Error>) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = FileHandle.nullDevice

        // Drain both pipes on their own threads so a chatty tool never blocks on a full pipe.
        let stdoutBox = DataBox(), stderrBox = DataBox()
        let readers = DispatchGroup()
        for (pipe, box) in [(stdoutPipe, stdoutBox), (stderrPipe, stderrBox)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread {
                box.set(ToolRunner.readToEnd(handle.fileDescriptor))
                readers.leave()
            }
        }
        let exited = DispatchGroup()
        exited.enter()
        process.terminationHandler = { _ in exited.leave() }

        let launchError: Error? = lock.withLock {
            if cancelled { return DeckImportError.cancelled }
            do {
                try process.run()
                pid = process.processIdentifier
                return nil
            } catch {
                return error
            }
        }
        // The parent's copies of the write ends must be closed, or the readers never see EOF.
        try? stdoutPipe.fileHandleForWriting.close()
        try? stderrPipe.fileHandleForWriting.close()
        if let launchError {
            // The reader threads end on their own: with no child, the write ends closed above give them EOF.
            completion(.failure(launchError is DeckImportError ? launchError
                : DeckImportError(.toolMissing, "\(executable) could not be started (\(launchError))"
                    + (package.map { "; install the Debian package \($0) and import again." } ?? "."))))
            return
        }

        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        let started = Date()
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            // Under the lock, so no tick can be delivered after completion (progress stays in order).
            lock.withLock { if !finished { tick?() } }
            if Date().timeIntervalSince(started) > timeout { timeOut() }
        }
        timer.resume()

        exited.notify(queue: .global()) {
            readers.notify(queue: .global()) { [self] in
                timer.cancel()
                lock.withLock { finished = true }
                completion(.success(ToolResult(status: process.terminationStatus, stdout: stdoutBox.data,
                                               stderr: String(decoding: stderrBox.data, as: UTF8.self))))
            }
        }
    }

    func cancel() {
        lock.withLock { cancelled = true }
        killGroup()
    }

    private func timeOut() {
        let first = lock.withLock { () -> Bool in
            defer { timedOut = true }
            return !timedOut
        }
        if first { killGroup() }
    }

    /// SIGTERM to the whole group, then SIGKILL shortly after for anything that ignored it.
    private func killGroup() {
        let target = lock.withLock { finished ? 0 : pid }
        guard target > 0 else { return }
        kill(-target, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [self] in
            // Only while our run is unfinished: afterwards the group id could belong to someone else.
            if lock.withLock({ !finished }) { kill(-target, SIGKILL) }
        }
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Data()
    var data: Data { lock.withLock { value } }
    func set(_ data: Data) { lock.withLock { value = data } }
}

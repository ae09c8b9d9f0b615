import Foundation
import Testing
import TestSupport
@testable import DeckImport

@Suite(.timeLimit(.minutes(5))) struct CancellationTests {
    /// A stand-in pdftoppm that records its own pid and a child's, then hangs: cancelling the import
    /// must throw .cancelled and leave neither process running.
    @Test(.enabled(if: RequiredTools.runs(hasPoppler))) func cancelKillsChildProcesses() async throws {
        let dir = Fixtures.temporaryDirectory("cancel")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("slow-pdftoppm")
        try Data("""
        #!/bin/sh
        echo $$ > "\(dir.path)/tool.pid"
        sleep 300 &
        echo $! > "\(dir.path)/child.pid"
        wait
        """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var tools = systemTools
        tools.pdftoppm = script.path
        let pdf = Fixtures.write(Fixtures.pdf(pages: ["a", "b"]), name: "a.pdf", in: dir)
        let task = Task {
            try await DeckImporter(tools: tools).importDeck(fileURL: pdf, filename: "a.pdf", workDirectory: dir.appendingPathComponent("w"))
        }
        let childFile = dir.appendingPathComponent("child.pid")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: childFile.path) {
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .milliseconds(100))
        let started = Date()
        task.cancel()
        let result = await task.result
        // The stand-in would hang for 300 s: a cancel that waited for it would take that long. The bound leaves a
        // busy CI machine (every suite at once on two cores) room without letting a wait for the tool pass.
        #expect(Date().timeIntervalSince(started) < 60)
        guard case .failure(let error) = result else { Issue.record("import was not cancelled"); return }
        #expect((error as? DeckImportError)?.kind == .cancelled)
        for name in ["tool.pid", "child.pid"] {
            let pid = Int32(try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines))!
            // A kill is delivered asynchronously; give a loaded machine a moment to finish it.
            for _ in 0..<200 where isRunning(pid) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!isRunning(pid), "\(name) \(pid) still running")
        }
    }

    @Test func cancelledBeforeStart() async {
        let dir = Fixtures.temporaryDirectory("cancel2")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "a.png", data: Fixtures.png(width: 1, height: 1))], in: dir)
        let task = Task {
            // Cancel ourselves before the import starts: it must notice and throw .cancelled.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await DeckImporter(tools: ExternalTools()).importDeck(fileURL: zip, filename: "a.zip", workDirectory: dir.appendingPathComponent("w"))
        }
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("expected cancellation"); return }
        #expect((error as? DeckImportError)?.kind == .cancelled)
    }
}

/// True when the process exists and is not a zombie (zombies have exited; only their parent can reap them).
func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
}

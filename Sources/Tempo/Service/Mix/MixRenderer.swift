import AudioAnalysis
import Foundation
import Synchronization
import Tempo
import ToolProcess

/// Runs ffmpeg for the mix: loudness measured per song (`ebur128`), then the render (`MixFilterGraph`): the parts
/// stretched side by side, joined into a master, and the master encoded as Opus in WebM and AAC in M4A, so every
/// browser can play one.
public struct MixRenderer: Sendable {
    public let ffmpegPath: String

    public enum Format: String, CaseIterable, Sendable {
        case webm, m4a
        public var contentType: String { self == .webm ? "audio/webm" : "audio/mp4" }
        var codec: [String] { self == .webm ? ["-c:a", "libopus", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "192k", "-movflags", "+faststart"] }
    }

    public init?(ffmpegPath: String? = FFmpegDecoder.discover("ffmpeg")) {
        guard let ffmpegPath else { return nil }
        self.ffmpegPath = ffmpegPath
    }

    /// The file's integrated loudness in LUFS (EBU R128), or nil for silence.
    public func loudness(of file: URL) async throws -> Double? {
        let output = try await ToolProcess.run(ffmpegPath, ["-hide_banner", "-nostats", "-i", file.path, "-map", "0:a:0",
                                                            "-filter:a", "ebur128=framelog=verbose", "-f", "null", "-"],
                                               timeout: .seconds(600))
        guard output.status == 0 else { throw MixRenderError(.toolFailed, "ffmpeg could not read \(file.lastPathComponent): \(output.stderrTail(lines: 2))") }
        return Self.integratedLoudness(output.stderrTail(lines: 40))
    }

    /// The "I: -14.2 LUFS" of ebur128's summary; nil when it is -inf or missing.
    static func integratedLoudness(_ summary: String) -> Double? {
        let lines = summary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = lines.last(where: { $0.hasPrefix("I:") && $0.hasSuffix("LUFS") }) else { return nil }
        let value = line.dropFirst(2).dropLast(4).trimmingCharacters(in: .whitespaces)
        return Double(value).flatMap { $0.isFinite && $0 > -70 ? $0 : nil }
    }

    /// Renders `plan` from `files` (one per part, in order) into `folder`; `progress` gets 0…1 as the work advances.
    /// The parts are stretched side by side (one process per core), joined into a FLAC master, and the master encoded
    /// to both formats at once: on two cores a 60-minute mix took 101 s instead of 165 s in one process.
    public func render(_ plan: MixPlan, files: [URL], loudness: [UUID: Double], into folder: URL,
                       progress: @escaping @Sendable (Double) -> Void) async throws -> [Format: URL] {
        guard !plan.parts.isEmpty, files.count == plan.parts.count else { throw MixRenderError(.noSongs, "The playlist has no songs to mix.") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let timeout = Duration.seconds(max(600, Int64(plan.duration * 2)))
        // 1. Each part stretched, at most one process per core.
        let parts = plan.parts.indices.map { folder.appendingPathComponent("part-\($0).flac") }
        let done = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            for (index, part) in plan.parts.enumerated() {
                if index >= width { try await group.next() }
                group.addTask { [ffmpegPath] in
                    let output = try await ToolProcess.run(ffmpegPath, ["-hide_banner", "-nostats", "-y", "-i", files[index].path,
                        "-af", MixFilterGraph.partFilter(part, loudness: loudness[part.songID]), "-c:a", "flac", parts[index].path],
                        timeout: timeout)
                    guard output.status == 0 else {
                        throw MixRenderError(.toolFailed, "ffmpeg could not stretch \(files[index].lastPathComponent): \(output.stderrTail(lines: 3))")
                    }
                    progress(0.6 * Double(done.increment()) / Double(plan.parts.count))
                }
            }
            try await group.waitForAll()
        }
        // 2. The crossfades, the fade-out and the limiter, into one lossless master.
        let master = folder.appendingPathComponent("master.flac")
        var arguments = ["-hide_banner", "-nostats", "-y"]
        for part in parts { arguments += ["-i", part.path] }
        arguments += ["-filter_complex", MixFilterGraph.joinGraph(plan), "-map", "[out]", "-c:a", "flac", master.path]
        let joined = try await ToolProcess.run(ffmpegPath, arguments, timeout: timeout)
        guard joined.status == 0 else { throw MixRenderError(.toolFailed, "ffmpeg could not join the mix: \(joined.stderrTail(lines: 3))") }
        for part in parts { try? FileManager.default.removeItem(at: part) }
        progress(0.7)
        // 3. Both formats at once, each by its own process; progress follows the slower (AAC).
        let outputs = Dictionary(uniqueKeysWithValues: Format.allCases.map { ($0, folder.appendingPathComponent("mix.\($0.rawValue)")) })
        let progressFile = folder.appendingPathComponent("progress.txt")
        FileManager.default.createFile(atPath: progressFile.path, contents: nil)
        let duration = plan.duration
        try await withThrowingTaskGroup(of: Void.self) { group in
            for format in Format.allCases {
                group.addTask { [ffmpegPath] in
                    let watched = format == .m4a ? ["-progress", progressFile.path] : []
                    let output = try await ToolProcess.run(ffmpegPath, ["-hide_banner", "-nostats", "-y"] + watched
                        + ["-i", master.path] + format.codec + [outputs[format]!.path], timeout: timeout) {
                        if format == .m4a, let seconds = Self.renderedSeconds(progressFile) {
                            progress(0.7 + 0.3 * min(1, seconds / max(1, duration)))
                        }
                    }
                    guard output.status == 0 else {
                        throw MixRenderError(.toolFailed, "ffmpeg could not encode the mix as \(format.rawValue): \(output.stderrTail(lines: 3))")
                    }
                }
            }
            try await group.waitForAll()
        }
        try? FileManager.default.removeItem(at: master)
        return outputs
    }

    /// Parts finished so far (the stretching tasks report from several threads).
    final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() -> Int { value.withLock { $0 += 1; return $0 } }
    }

    /// The last `out_time_us` ffmpeg wrote to its progress file, in seconds.
    static func renderedSeconds(_ file: URL) -> Double? {
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              let line = text.split(separator: "\n").last(where: { $0.hasPrefix("out_time_us=") }),
              let micro = Double(line.dropFirst("out_time_us=".count)) else { return nil }
        return micro / 1_000_000
    }
}

public struct MixRenderError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for the pages to say in their reader's language (the tool's own words stay in `description`).
    public enum Reason: String, Sendable {
        case toolMissing = "tool_missing", noSongs = "no_songs", toolFailed = "tool_failed"
    }

    public let reason: Reason
    public let description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}

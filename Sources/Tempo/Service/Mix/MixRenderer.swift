import AudioAnalysis
import Foundation
import Tempo
import ToolProcess

/// Runs ffmpeg for the mix: loudness measured per song (`ebur128`), then one pass that renders the whole mix
/// (`MixFilterGraph`) and encodes it twice, as Opus in WebM and AAC in M4A, so every browser can play one.
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
        guard output.status == 0 else { throw MixRenderError("ffmpeg could not read \(file.lastPathComponent): \(output.stderrTail(lines: 2))") }
        return Self.integratedLoudness(output.stderrTail(lines: 40))
    }

    /// The "I: -14.2 LUFS" of ebur128's summary; nil when it is -inf or missing.
    static func integratedLoudness(_ summary: String) -> Double? {
        let lines = summary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = lines.last(where: { $0.hasPrefix("I:") && $0.hasSuffix("LUFS") }) else { return nil }
        let value = line.dropFirst(2).dropLast(4).trimmingCharacters(in: .whitespaces)
        return Double(value).flatMap { $0.isFinite && $0 > -70 ? $0 : nil }
    }

    /// Renders `plan` from `files` (one per part, in order) into `folder`; `progress` gets 0…1 as ffmpeg advances.
    public func render(_ plan: MixPlan, files: [URL], loudness: [UUID: Double], into folder: URL,
                       progress: @escaping @Sendable (Double) -> Void) async throws -> [Format: URL] {
        guard !plan.parts.isEmpty, files.count == plan.parts.count else { throw MixRenderError("The playlist has no songs to mix.") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let progressFile = folder.appendingPathComponent("progress.txt")
        FileManager.default.createFile(atPath: progressFile.path, contents: nil)
        let outputs = Dictionary(uniqueKeysWithValues: Format.allCases.map { ($0, folder.appendingPathComponent("mix.\($0.rawValue)")) })
        var arguments = ["-hide_banner", "-nostats", "-y", "-progress", progressFile.path]
        for file in files { arguments += ["-i", file.path] }
        arguments += ["-filter_complex", MixFilterGraph.graph(plan, loudness: loudness, outputs: Format.allCases.count)]
        for (index, format) in Format.allCases.enumerated() {
            arguments += ["-map", "[out\(index)]"] + format.codec + [outputs[format]!.path]
        }
        let duration = plan.duration
        let output = try await ToolProcess.run(ffmpegPath, arguments, timeout: .seconds(max(600, Int64(duration * 2)))) {
            if let done = Self.renderedSeconds(progressFile) { progress(min(1, done / max(1, duration))) }
        }
        guard output.status == 0 else { throw MixRenderError("ffmpeg could not render the mix: \(output.stderrTail(lines: 3))") }
        return outputs
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
    public let description: String
    public init(_ description: String) { self.description = description }
}

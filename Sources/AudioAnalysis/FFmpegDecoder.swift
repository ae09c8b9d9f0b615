import Foundation
import ToolProcess

/// Decodes compressed audio (FLAC, OGG, MP3, M4A, …) by running `ffmpeg`, and reads tags with `ffprobe`.
public struct FFmpegDecoder: Sendable {
    public let ffmpegPath: String?
    public let ffprobePath: String?

    public init(ffmpegPath: String? = FFmpegDecoder.discover("ffmpeg"), ffprobePath: String? = FFmpegDecoder.discover("ffprobe")) {
        self.ffmpegPath = ffmpegPath
        self.ffprobePath = ffprobePath
    }

    /// Looks for an executable in `PATH` (and the usual system directories).
    public static func discover(_ name: String) -> String? {
        let env = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var dirs = env.split(separator: ":").map(String.init)
        dirs += ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for dir in dirs where !dir.isEmpty {
            let path = (dir as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Decodes to mono Float samples at `targetRate` (`ffmpeg -v error -i file -ac 1 -ar rate -f f32le -`).
    public func decode(fileURL: URL, targetRate: Int = 22_050, maxSeconds: Double = 3600) async throws -> AudioBuffer {
        let kind = fileURL.pathExtension.isEmpty ? "this audio format" : fileURL.pathExtension.uppercased()
        guard let ffmpeg = ffmpegPath else {
            throw AudioDecodeError(.toolMissing, "Decoding \(kind) needs ffmpeg (Debian package ffmpeg), which is not installed.")
        }
        guard FileManager.default.isReadableFile(atPath: fileURL.path) else {
            throw AudioDecodeError(.notAudio, "The file \(fileURL.lastPathComponent) cannot be read.")
        }
        let limitBytes = Int((maxSeconds * Double(targetRate)).rounded(.up)) * 4
        let args = ["-nostdin", "-v", "error", "-i", fileURL.path, "-map", "0:a:0", "-t", String(format: "%.3f", maxSeconds + 1),
                    "-ac", "1", "-ar", String(targetRate), "-f", "f32le", "-"]
        let result = try await Self.run(ffmpeg, args, stdoutLimit: limitBytes + 4)
        if result.stdout.count > limitBytes {
            throw AudioDecodeError(.tooLong, "\(fileURL.lastPathComponent) is longer than \(Int(maxSeconds)) s, the most that can be analysed.")
        }
        if result.status != 0 || result.stdout.isEmpty {
            let detail = result.stderrText.isEmpty ? "exit status \(result.status)" : result.stderrText
            if result.stdout.isEmpty && result.status != 0 && (detail.contains("Invalid data") || detail.contains("does not contain any stream") || detail.contains("matches no streams")) {
                throw AudioDecodeError(.notAudio, "ffmpeg found no audio in \(fileURL.lastPathComponent): \(detail)")
            }
            if result.stdout.isEmpty {
                throw AudioDecodeError(.toolFailed, "ffmpeg could not decode \(fileURL.lastPathComponent): \(detail)")
            }
            // A partial decode with errors (e.g. a truncated MP3) still yields usable audio.
        }
        let count = result.stdout.count / 4
        var samples = [Float](repeating: 0, count: count)
        result.stdout.withUnsafeBytes { raw in
            for i in 0..<count {
                let v = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
                samples[i] = v.isFinite ? v : 0
            }
        }
        return AudioBuffer(samples: samples, sampleRate: targetRate)
    }

    /// Title, artist and duration from the container's tags (`ffprobe -show_format -of json`). Missing tags are nil;
    /// callers fall back to `FFmpegDecoder.fallbackTitle(for:)`.
    public func tags(fileURL: URL) async throws -> (title: String?, artist: String?, durationSeconds: Double?) {
        guard let ffprobe = ffprobePath else {
            throw AudioDecodeError(.toolMissing, "Reading tags needs ffprobe (Debian package ffmpeg), which is not installed.")
        }
        let result = try await Self.run(ffprobe, ["-v", "error", "-show_format", "-of", "json", fileURL.path], stdoutLimit: 4 << 20)
        guard result.status == 0 else {
            throw AudioDecodeError(.toolFailed, "ffprobe could not read \(fileURL.lastPathComponent): \(result.stderrText.isEmpty ? "exit status \(result.status)" : result.stderrText)")
        }
        guard let json = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
              let format = json["format"] as? [String: Any] else {
            throw AudioDecodeError(.toolFailed, "ffprobe gave no format information for \(fileURL.lastPathComponent).")
        }
        var tags: [String: String] = [:]
        for (k, v) in (format["tags"] as? [String: Any]) ?? [:] {
            if let s = v as? String { tags[k.lowercased()] = s.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        func nonEmpty(_ s: String?) -> String? { (s?.isEmpty ?? true) ? nil : s }
        let title = nonEmpty(tags["title"])
        let artist = nonEmpty(tags["artist"]) ?? nonEmpty(tags["album_artist"])
        let duration = (format["duration"] as? String).flatMap(Double.init) ?? (format["duration"] as? Double)
        return (title, artist, duration)
    }

    /// The file name without extension, underscores turned into spaces: the title when no tag gives one.
    public static func fallbackTitle(for fileURL: URL) -> String {
        let base = fileURL.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "_", with: " ")
        return base.trimmingCharacters(in: .whitespaces).isEmpty ? fileURL.lastPathComponent : base
    }

    // MARK: - Process plumbing

    /// Runs ffmpeg or ffprobe; past `stdoutLimit` the tool is stopped (a file longer than the analysis reads).
    static func run(_ tool: String, _ arguments: [String], stdoutLimit: Int) async throws -> ToolOutput {
        do {
            return try await ToolProcess.run(tool, arguments, stdoutLimit: stdoutLimit)
        } catch let error as ToolProcessError where error != .timedOut {
            throw AudioDecodeError(.toolMissing, "\(error) (Debian package ffmpeg)")
        }
    }
}

extension ToolOutput {
    /// ffmpeg's last three lines of complaint, on one line.
    var stderrText: String { stderrTail(lines: 3).replacingOccurrences(of: "\n", with: " ") }
}

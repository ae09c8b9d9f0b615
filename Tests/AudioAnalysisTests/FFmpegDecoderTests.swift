import Foundation
import Testing
import TestSupport
@testable import AudioAnalysis

@Suite(.timeLimit(.minutes(5))) struct FFmpegDecoderTests {
    static let hasFFmpeg = FFmpegDecoder.discover("ffmpeg") != nil

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("audioanalysis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func clickWAV(bpm: Double, seconds: Double) -> Data {
        var gen = ClickTrack()
        let audio = gen.clicks(bpm: bpm, seconds: seconds)
        let frames = audio.samples.map { [Double($0)] }
        return WAVBuilder.riff([WAVBuilder.fmt(tag: 1, channels: 1, rate: 22_050, bits: 16), WAVBuilder.chunk("data", WAVBuilder.encode(frames, tag: 1, bits: 16))])
    }

    @Test func missingToolNamesThePackage() async throws {
        let decoder = FFmpegDecoder(ffmpegPath: nil, ffprobePath: nil)
        do { _ = try await decoder.decode(fileURL: URL(fileURLWithPath: "/tmp/song.mp3")); Issue.record("should throw") } catch let error as AudioDecodeError {
            #expect(error.kind == .toolMissing)
            #expect(error.message == "Decoding MP3 needs ffmpeg (Debian package ffmpeg), which is not installed.")
        }
        do { _ = try await decoder.tags(fileURL: URL(fileURLWithPath: "/tmp/song.flac")); Issue.record("should throw") } catch let error as AudioDecodeError {
            #expect(error.kind == .toolMissing)
            #expect(error.message.contains("Debian package ffmpeg"))
        }
    }

    @Test func fallbackTitle() {
        #expect(FFmpegDecoder.fallbackTitle(for: URL(fileURLWithPath: "/x/My_Song.mp3")) == "My Song")
    }

    @Test(.enabled(if: RequiredTools.runs(FFmpegDecoderTests.hasFFmpeg)), arguments: ["mp3", "flac"])
    func encodeAndDecodeBack(ext: String) async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("clicks.wav")
        try clickWAV(bpm: 124, seconds: 12).write(to: wav)
        let out = dir.appendingPathComponent("clicks.\(ext)")
        let decoder = FFmpegDecoder()
        let enc = try await FFmpegDecoder.run(decoder.ffmpegPath!, ["-nostdin", "-v", "error", "-i", wav.path, "-metadata", "title=Click Song",
                                                                    "-metadata", "artist=Metronome", out.path], stdoutLimit: 1 << 20)
        #expect(enc.status == 0, "\(enc.stderrText)")
        let audio = try await decoder.decode(fileURL: out, targetRate: 22_050)
        #expect(audio.sampleRate == 22_050)
        #expect(abs(audio.duration - 12) < 0.15, "duration \(audio.duration)")
        let e = TempoEstimator().estimate(audio)
        #expect(abs(e.bpm - 124) / 124 < 0.02, "estimated \(e.bpm)")
        let tags = try await decoder.tags(fileURL: out)
        #expect(tags.title == "Click Song")
        #expect(tags.artist == "Metronome")
        #expect(abs((tags.durationSeconds ?? 0) - 12) < 0.15)
        // The generic entry point routes WAV natively and the rest through ffmpeg.
        let viaWAV = try await AudioFileDecoder.decode(fileURL: wav)
        #expect(viaWAV.samples.count == 12 * 22_050)
        let viaFF = try await AudioFileDecoder.decode(fileURL: out)
        #expect(abs(viaFF.duration - 12) < 0.15)
    }

    @Test(.enabled(if: RequiredTools.runs(FFmpegDecoderTests.hasFFmpeg)))
    func garbageAndLimits() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let junk = dir.appendingPathComponent("junk.mp3")
        try Data("this is not audio at all".utf8).write(to: junk)
        do { _ = try await FFmpegDecoder().decode(fileURL: junk); Issue.record("should throw") } catch let error as AudioDecodeError {
            #expect(error.kind == .notAudio || error.kind == .toolFailed)
            #expect(error.message.contains("junk.mp3"))
        }
        let wav = dir.appendingPathComponent("long.wav")
        try clickWAV(bpm: 100, seconds: 6).write(to: wav)
        let flac = dir.appendingPathComponent("long.flac")
        _ = try await FFmpegDecoder.run(FFmpegDecoder().ffmpegPath!, ["-nostdin", "-v", "error", "-i", wav.path, flac.path], stdoutLimit: 1 << 20)
        do { _ = try await FFmpegDecoder().decode(fileURL: flac, maxSeconds: 2); Issue.record("should throw") } catch let error as AudioDecodeError {
            #expect(error.kind == .tooLong)
        }
    }
}

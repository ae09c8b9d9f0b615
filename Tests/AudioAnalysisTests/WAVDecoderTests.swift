import Foundation
import Testing
@testable import AudioAnalysis

/// Builds WAV files byte by byte so every variant is under the test's control.
enum WAVBuilder {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

    static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func fmt(tag: Int, channels: Int, rate: Int, bits: Int, extensible: Bool = false) -> [UInt8] {
        let block = channels * bits / 8
        var body = le16(extensible ? 0xFFFE : tag) + le16(channels) + le32(rate) + le32(rate * block) + le16(block) + le16(bits)
        if extensible {
            body += le16(22) + le16(bits) + le32(channels == 2 ? 3 : 4)
            body += le16(tag) + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        }
        return chunk("fmt ", body)
    }

    static func riff(_ chunks: [[UInt8]]) -> Data {
        let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    /// Encodes interleaved frames (values −1…1) in the given format.
    static func encode(_ frames: [[Double]], tag: Int, bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for frame in frames {
            for v in frame {
                switch (tag, bits) {
                case (1, 8): out.append(UInt8(max(0, min(255, Int((v * 128).rounded()) + 128))))
                case (1, 16): out += le16(Int((v * 32767).rounded()) & 0xFFFF)
                case (1, 24): let i = Int((v * 8_388_607).rounded()) & 0xFF_FFFF; out += [UInt8(i & 0xFF), UInt8((i >> 8) & 0xFF), UInt8(i >> 16)]
                case (1, 32): out += le32(Int((v * 2_147_483_647).rounded()) & 0xFFFF_FFFF)
                case (3, 32): out += le32(Int(Float(v).bitPattern))
                case (3, 64): let b = v.bitPattern; out += (0..<8).map { UInt8((b >> (8 * UInt64($0))) & 0xFF) }
                default: fatalError()
                }
            }
        }
        return out
    }

    static func sine(seconds: Double, rate: Int, freq: Double = 440, amp: Double = 0.5) -> [Double] {
        (0..<Int(seconds * Double(rate))).map { amp * sin(2 * .pi * freq * Double($0) / Double(rate)) }
    }
}

@Suite(.timeLimit(.minutes(5))) struct WAVDecoderTests {
    let tone = WAVBuilder.sine(seconds: 0.1, rate: 8000)

    func roundTrip(tag: Int, bits: Int, channels: Int, extensible: Bool = false, tolerance: Float) throws {
        let frames = tone.map { v in (0..<channels).map { c in c == 0 ? v : v * 0.5 } }
        let expected = tone.map { v in Float((0..<channels).map { c in c == 0 ? v : v * 0.5 }.reduce(0, +) / Double(channels)) }
        let data = WAVBuilder.riff([WAVBuilder.fmt(tag: tag, channels: channels, rate: 8000, bits: bits, extensible: extensible),
                                    WAVBuilder.chunk("data", WAVBuilder.encode(frames, tag: tag, bits: bits))])
        let audio = try WAVDecoder.decode(data, targetRate: nil)
        #expect(audio.sampleRate == 8000)
        #expect(audio.samples.count == tone.count)
        let maxErr = zip(audio.samples, expected).map { abs($0 - $1) }.max() ?? 1
        #expect(maxErr < tolerance, "max error \(maxErr)")
    }

    @Test func pcm16Stereo() throws { try roundTrip(tag: 1, bits: 16, channels: 2, tolerance: 1e-4) }
    @Test func pcm24Mono() throws { try roundTrip(tag: 1, bits: 24, channels: 1, tolerance: 1e-6) }
    @Test func pcm32Mono() throws { try roundTrip(tag: 1, bits: 32, channels: 1, tolerance: 1e-6) }
    @Test func float32() throws { try roundTrip(tag: 3, bits: 32, channels: 1, tolerance: 1e-7) }
    @Test func float64SixChannels() throws { try roundTrip(tag: 3, bits: 64, channels: 6, tolerance: 1e-6) }
    @Test func extensible24Stereo() throws { try roundTrip(tag: 1, bits: 24, channels: 2, extensible: true, tolerance: 1e-6) }
    @Test func extensibleFloat() throws { try roundTrip(tag: 3, bits: 32, channels: 2, extensible: true, tolerance: 1e-6) }
    @Test func pcm8() throws { try roundTrip(tag: 1, bits: 8, channels: 1, tolerance: 0.01) }

    @Test func oddChunksAndListAreSkipped() throws {
        let frames = tone.map { [$0] }
        let info = WAVBuilder.chunk("LIST", Array("INFO".utf8) + WAVBuilder.chunk("INAM", Array("My Song\0".utf8))
                                    + WAVBuilder.chunk("IART", Array("The Band\0".utf8)))
        let data = WAVBuilder.riff([WAVBuilder.chunk("junk", [1, 2, 3]),             // odd size, padded
                                    WAVBuilder.fmt(tag: 1, channels: 1, rate: 8000, bits: 16), info,
                                    WAVBuilder.chunk("data", WAVBuilder.encode(frames, tag: 1, bits: 16))])
        let audio = try WAVDecoder.decode(data, targetRate: nil)
        #expect(audio.samples.count == tone.count)
        let tags = try WAVDecoder.info(data)
        #expect(tags.title == "My Song")
        #expect(tags.artist == "The Band")
        #expect(abs((tags.durationSeconds ?? 0) - 0.1) < 1e-3)
    }

    @Test func truncatedDataChunk() {
        var bytes = [UInt8](WAVBuilder.riff([WAVBuilder.fmt(tag: 1, channels: 1, rate: 8000, bits: 16),
                                             WAVBuilder.chunk("data", WAVBuilder.encode(tone.map { [$0] }, tag: 1, bits: 16))]))
        bytes.removeLast(100)
        #expect(throws: AudioDecodeError.self) { try WAVDecoder.decode(Data(bytes)) }
        do { _ = try WAVDecoder.decode(Data(bytes)); Issue.record("should throw") } catch {
            #expect(error.kind == .truncated)
            #expect(error.message.contains("ends inside its data chunk (truncated)"))
        }
    }

    @Test func notAWAV() {
        do { _ = try WAVDecoder.decode(Data("ID3\u{3}hello this is an mp3, honestly".utf8)); Issue.record("should throw") } catch {
            #expect(error.kind == .notAudio)
            #expect(error.message.contains("not a WAV"))
        }
        do { _ = try WAVDecoder.decode(Data([1, 2, 3])); Issue.record("should throw") } catch { #expect(error.kind == .notAudio) }
    }

    @Test func dataBeforeFmtIsRefused() {
        let data = WAVBuilder.riff([WAVBuilder.chunk("data", [0, 0, 0, 0]), WAVBuilder.fmt(tag: 1, channels: 1, rate: 8000, bits: 16)])
        do { _ = try WAVDecoder.decode(data); Issue.record("should throw") } catch {
            #expect(error.kind == .unsupported)
            #expect(error.message.contains("data chunk before the fmt chunk"))
        }
    }

    @Test func unsupportedEncodingNamesIt() {
        let data = WAVBuilder.riff([WAVBuilder.fmt(tag: 2, channels: 1, rate: 8000, bits: 4), WAVBuilder.chunk("data", [0, 0])])
        do { _ = try WAVDecoder.decode(data); Issue.record("should throw") } catch {
            #expect(error.kind == .unsupported)
            #expect(error.message.contains("ADPCM"))
        }
    }

    @Test func tooLong() {
        let data = WAVBuilder.riff([WAVBuilder.fmt(tag: 1, channels: 1, rate: 8000, bits: 16),
                                    WAVBuilder.chunk("data", WAVBuilder.encode(tone.map { [$0] }, tag: 1, bits: 16))])
        do { _ = try WAVDecoder.decode(data, targetRate: nil, maxSeconds: 0.05); Issue.record("should throw") } catch {
            #expect(error.kind == .tooLong)
        }
    }

    @Test func resamplingKeepsInBandToneAndRemovesAliases() throws {
        // 44.1 kHz → 22.05 kHz: a 1 kHz tone survives, a 15 kHz tone (above the new Nyquist) is removed.
        let rate = 44_100
        for (freq, expectRMS) in [(1000.0, true), (15_000.0, false)] {
            let x = WAVBuilder.sine(seconds: 0.5, rate: rate, freq: freq, amp: 0.5).map { [$0] }
            let data = WAVBuilder.riff([WAVBuilder.fmt(tag: 3, channels: 1, rate: rate, bits: 32), WAVBuilder.chunk("data", WAVBuilder.encode(x, tag: 3, bits: 32))])
            let audio = try WAVDecoder.decode(data, targetRate: 22_050)
            #expect(audio.sampleRate == 22_050)
            #expect(abs(audio.samples.count - x.count / 2) <= 1)
            let mid = audio.samples[1000..<(audio.samples.count - 1000)]
            let rms = (mid.reduce(0) { $0 + $1 * $1 } / Float(mid.count)).squareRoot()
            if expectRMS { #expect(abs(rms - 0.3536) < 0.01, "rms \(rms)") } else { #expect(rms < 0.001, "alias rms \(rms)") }
        }
        // 48 kHz → 22.05 kHz (rational 147/320) keeps length and level.
        let y = WAVBuilder.sine(seconds: 0.5, rate: 48_000, freq: 440, amp: 0.5)
        let out = Resampler.resample(y.map(Float.init), from: 48_000, to: 22_050)
        #expect(abs(out.count - 11_025) <= 1)
        let mid = out[500..<(out.count - 500)]
        let rms = (mid.reduce(0) { $0 + $1 * $1 } / Float(mid.count)).squareRoot()
        #expect(abs(rms - 0.3536) < 0.01)
    }
}

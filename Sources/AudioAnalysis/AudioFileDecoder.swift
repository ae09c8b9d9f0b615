import Foundation
import ToolProcess

/// Decodes any supported file: WAV natively, everything else through ffmpeg.
public enum AudioFileDecoder {
    public static func decode(fileURL: URL, targetRate: Int = 22_050, maxSeconds: Double = 3600,
                              ffmpeg: FFmpegDecoder = FFmpegDecoder()) async throws -> AudioBuffer {
        let handle = try? FileHandle(forReadingFrom: fileURL)
        let head = (try? handle?.read(upToCount: 12)) ?? nil
        try? handle?.close()
        if let head, WAVDecoder.looksLikeWAV(head) {
            let data: Data
            do { data = try Data(contentsOf: fileURL, options: .mappedIfSafe) } catch {
                throw AudioDecodeError(.notAudio, "The file \(fileURL.lastPathComponent) cannot be read.")
            }
            let decoded = Result<AudioBuffer, AudioDecodeError> { () throws(AudioDecodeError) -> AudioBuffer in
                try WAVDecoder.decode(data, targetRate: targetRate, maxSeconds: maxSeconds)
            }
            switch decoded {
            case .success(let buffer):
                return buffer
            case .failure(let error):
                // e.g. ADPCM or RF64: let ffmpeg try when it is there.
                guard error.kind == .unsupported, ffmpeg.ffmpegPath != nil else { throw error }
            }
        }
        return try await ffmpeg.decode(fileURL: fileURL, targetRate: targetRate, maxSeconds: maxSeconds)
    }
}

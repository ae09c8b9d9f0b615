import Foundation

/// Native RIFF/WAVE decoder: PCM 8/16/24/32-bit, IEEE float 32/64, WAVE_FORMAT_EXTENSIBLE with those
/// sub-formats, any channel count (mixed to mono). Chunks other than `fmt ` and `data` are skipped.
public enum WAVDecoder {
    /// Decodes a whole WAV file held in memory to mono, resampled to `targetRate` when given.
    /// - Parameter maxSeconds: longer audio is refused with `.tooLong` (protects the server's memory).
    public static func decode(_ data: Data, targetRate: Int? = 22_050, maxSeconds: Double = 3600) throws(AudioDecodeError) -> AudioBuffer {
        let layout = try parse(data)
        let fmt = layout.format
        let frameCount = layout.dataLength / fmt.blockAlign
        if Double(frameCount) / Double(fmt.sampleRate) > maxSeconds {
            throw AudioDecodeError(.tooLong, "The WAV file is \(Int(Double(frameCount) / Double(fmt.sampleRate))) s long; at most \(Int(maxSeconds)) s can be analysed.")
        }
        var mono = [Float](repeating: 0, count: frameCount)
        let channels = fmt.channels
        let bytesPerSample = fmt.bitsPerSample / 8
        let scale = 1 / Float(channels)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let base = raw.baseAddress!.advanced(by: layout.dataOffset)
            mono.withUnsafeMutableBufferPointer { out in
                for f in 0..<frameCount {
                    let frame = base.advanced(by: f * fmt.blockAlign)
                    var acc: Float = 0
                    for c in 0..<channels {
                        let p = frame.advanced(by: c * bytesPerSample)
                        acc += sample(at: p, fmt.encoding)
                    }
                    out[f] = acc * scale
                }
            }
        }
        var rate = fmt.sampleRate
        if let target = targetRate, target > 0, target != rate {
            mono = Resampler.resample(mono, from: rate, to: target)
            rate = target
        }
        return AudioBuffer(samples: mono, sampleRate: rate)
    }

    /// Title and artist from a `LIST/INFO` chunk (INAM, IART) when present, and the duration.
    public static func info(_ data: Data) throws(AudioDecodeError) -> (title: String?, artist: String?, durationSeconds: Double?) {
        let layout = try parse(data)
        let seconds = Double(layout.dataLength / layout.format.blockAlign) / Double(layout.format.sampleRate)
        return (layout.title, layout.artist, seconds)
    }

    /// True when the bytes start like a RIFF/WAVE file.
    public static func looksLikeWAV(_ data: Data) -> Bool {
        data.count >= 12 && data.prefix(4).elementsEqual(Array("RIFF".utf8)) && data.dropFirst(8).prefix(4).elementsEqual(Array("WAVE".utf8))
    }

    // MARK: - Parsing

    enum Encoding { case u8, s16, s24, s32, f32, f64 }

    struct Format {
        var encoding: Encoding
        var channels: Int
        var sampleRate: Int
        var blockAlign: Int
        var bitsPerSample: Int
    }

    struct Layout {
        var format: Format
        var dataOffset: Int
        var dataLength: Int
        var title: String?
        var artist: String?
    }

    static func parse(_ data: Data) throws(AudioDecodeError) -> Layout {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else {
            throw AudioDecodeError(.notAudio, "The file is too short to be a WAV file (\(bytes.count) bytes).")
        }
        let magic = String(decoding: bytes[0..<4], as: UTF8.self)
        let wave = String(decoding: bytes[8..<12], as: UTF8.self)
        if magic == "RIFX" || magic == "RF64" || magic == "BW64" {
            throw AudioDecodeError(.unsupported, "\(magic) WAV files are not supported; only little-endian RIFF WAV is.")
        }
        guard magic == "RIFF", wave == "WAVE" else {
            throw AudioDecodeError(.notAudio, "The file is not a WAV file (it does not start with RIFF…WAVE).")
        }
        var format: Format?
        var title: String?, artist: String?
        var pos = 12
        while pos + 8 <= bytes.count {
            let id = String(decoding: bytes[pos..<pos + 4], as: UTF8.self)
            let size = Int(le32(bytes, pos + 4))
            let body = pos + 8
            switch id {
            case "fmt ":
                guard body + size <= bytes.count else {
                    throw AudioDecodeError(.truncated, "The WAV file ends inside its fmt chunk (truncated).")
                }
                format = try parseFormat(bytes, body, size)
            case "data":
                guard let fmt = format else {
                    throw AudioDecodeError(.unsupported, "The WAV file has its data chunk before the fmt chunk, so its sample format is unknown; re-export it with a standard encoder.")
                }
                var length = size
                if size == 0xFFFF_FFFF {          // streaming writers: data runs to the end of the file
                    length = bytes.count - body
                } else if body + size > bytes.count {
                    throw AudioDecodeError(.truncated, "The WAV file ends inside its data chunk (truncated): \(bytes.count - body) of \(size) bytes present.")
                }
                // Tags may follow the data chunk; look for them but never fail on them.
                var tail = body + length + (length & 1)
                while tail + 8 <= bytes.count {
                    let tid = String(decoding: bytes[tail..<tail + 4], as: UTF8.self)
                    let tsize = Int(le32(bytes, tail + 4))
                    guard tail + 8 + tsize <= bytes.count else { break }
                    if tid == "LIST" { readInfo(bytes, tail + 8, tsize, &title, &artist) }
                    tail += 8 + tsize + (tsize & 1)
                }
                return Layout(format: fmt, dataOffset: body, dataLength: length - length % fmt.blockAlign, title: title, artist: artist)
            case "LIST":
                if body + size <= bytes.count { readInfo(bytes, body, size, &title, &artist) }
            default:
                break
            }
            pos = body + size + (size & 1)      // chunks are padded to an even size
        }
        if format == nil {
            throw AudioDecodeError(.truncated, "The WAV file has no fmt chunk (truncated or damaged).")
        }
        throw AudioDecodeError(.truncated, "The WAV file has no data chunk (truncated or damaged).")
    }

    static func parseFormat(_ b: [UInt8], _ at: Int, _ size: Int) throws(AudioDecodeError) -> Format {
        guard size >= 16 else { throw AudioDecodeError(.notAudio, "The WAV fmt chunk is too short (\(size) bytes).") }
        var tag = Int(le16(b, at))
        let channels = Int(le16(b, at + 2))
        let rate = Int(le32(b, at + 4))
        let blockAlign = Int(le16(b, at + 12))
        let bits = Int(le16(b, at + 14))
        if tag == 0xFFFE {
            guard size >= 40 else { throw AudioDecodeError(.notAudio, "The WAV fmt chunk says WAVE_FORMAT_EXTENSIBLE but is only \(size) bytes long.") }
            tag = Int(le16(b, at + 24))          // first two bytes of the sub-format GUID
        }
        guard channels > 0 else { throw AudioDecodeError(.notAudio, "The WAV file declares 0 channels.") }
        guard rate > 0 && rate <= 1_000_000 else { throw AudioDecodeError(.notAudio, "The WAV file declares an invalid sample rate (\(rate) Hz).") }
        let encoding: Encoding
        switch (tag, bits) {
        case (1, 8): encoding = .u8
        case (1, 16): encoding = .s16
        case (1, 24): encoding = .s24
        case (1, 32): encoding = .s32
        case (3, 32): encoding = .f32
        case (3, 64): encoding = .f64
        case (1, _), (3, _):
            throw AudioDecodeError(.unsupported, "WAV with \(bits)-bit \(tag == 1 ? "PCM" : "float") samples is not supported (PCM 8/16/24/32-bit and float 32/64-bit are).")
        default:
            let name = [2: "ADPCM", 6: "A-law", 7: "µ-law", 0x11: "IMA ADPCM", 0x55: "MP3"][tag] ?? "format 0x" + String(tag, radix: 16)
            throw AudioDecodeError(.unsupported, "WAV files encoded as \(name) are not supported natively (PCM and IEEE float are); convert with ffmpeg.")
        }
        guard blockAlign >= channels * bits / 8 else {
            throw AudioDecodeError(.notAudio, "The WAV fmt chunk is inconsistent: block align \(blockAlign) is less than \(channels) × \(bits / 8) bytes.")
        }
        return Format(encoding: encoding, channels: channels, sampleRate: rate, blockAlign: blockAlign, bitsPerSample: bits)
    }

    static func readInfo(_ b: [UInt8], _ at: Int, _ size: Int, _ title: inout String?, _ artist: inout String?) {
        guard size >= 4, String(decoding: b[at..<at + 4], as: UTF8.self) == "INFO" else { return }
        var p = at + 4
        let end = at + size
        while p + 8 <= end {
            let id = String(decoding: b[p..<p + 4], as: UTF8.self)
            let len = Int(le32(b, p + 4))
            guard p + 8 + len <= end else { return }
            let raw = b[(p + 8)..<(p + 8 + len)].prefix { $0 != 0 }
            let text = (String(bytes: raw, encoding: .utf8) ?? String(bytes: raw, encoding: .isoLatin1) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty {
                if id == "INAM" { title = text }
                if id == "IART" { artist = text }
            }
            p += 8 + len + (len & 1)
        }
    }

    @inline(__always) static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    @inline(__always) static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    @inline(__always) static func sample(at p: UnsafeRawPointer, _ e: Encoding) -> Float {
        switch e {
        case .u8: return (Float(p.load(as: UInt8.self)) - 128) / 128
        case .s16: return Float(Int16(littleEndian: p.loadUnaligned(as: Int16.self))) / 32_768
        case .s24:
            let v = Int32(p.load(fromByteOffset: 0, as: UInt8.self)) | Int32(p.load(fromByteOffset: 1, as: UInt8.self)) << 8
                | Int32(Int8(bitPattern: p.load(fromByteOffset: 2, as: UInt8.self))) << 16
            return Float(v) / 8_388_608
        case .s32: return Float(Int32(littleEndian: p.loadUnaligned(as: Int32.self))) / 2_147_483_648
        case .f32:
            let v = Float(bitPattern: UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
            return v.isFinite ? v : 0
        case .f64:
            let v = Double(bitPattern: UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)))
            return v.isFinite ? Float(v) : 0
        }
    }
}

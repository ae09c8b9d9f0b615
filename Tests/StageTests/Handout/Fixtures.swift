import Foundation
@testable import Stage

/// Test pictures built in code, and the poppler / ffmpeg tools the end-to-end tests use.
enum Fixtures {
    // MARK: PNG by hand (stored deflate blocks, own CRC-32)

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// zlib stream of stored (uncompressed) blocks.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var index = 0
        repeat {
            let chunk = Array(data[index..<min(index + 65535, data.count)])
            index += chunk.count
            out.append(index >= data.count ? 1 : 0)
            out += [UInt8(chunk.count & 0xFF), UInt8(chunk.count >> 8), UInt8(~chunk.count & 0xFF), UInt8((~chunk.count >> 8) & 0xFF)]
            out += chunk
        } while index < data.count
        let adler = adler32(data)
        return out + be32(Int(adler))
    }

    /// The checksum a zlib stream ends with (RFC 1950 §8).
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// A PNG with the given colour type (2 RGB, 6 RGBA, 0 gray), every row filter 0,
    /// pixels from `pixel(x, y)` giving that many samples.
    static func png(width: Int, height: Int, colorType: UInt8, pixel: (Int, Int) -> [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += pixel(x, y) }
        }
        let header = be32(width) + be32(height) + [8, colorType, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
        return Data(bytes)
    }

    static func gradientPNG(width: Int = 64, height: Int = 36) -> Data {
        png(width: width, height: height, colorType: 2) { x, y in [UInt8(x * 255 / width), UInt8(y * 255 / height), 160] }
    }

    // MARK: External tools

    static func tool(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var hasPoppler: Bool { tool("pdftotext") != nil && tool("pdfinfo") != nil }
    static var hasFFmpeg: Bool { tool("ffmpeg") != nil }

    struct Output { var stdout: String; var stderr: String; var status: Int32 }

    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool(name) ?? "/usr/bin/\(name)")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                      status: process.terminationStatus)
    }

    static func temporaryFile(_ suffix: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("handout-\(UUID().uuidString)\(suffix)")
    }

    /// A JPEG made by ffmpeg's test pattern (nil when ffmpeg is missing or fails).
    static func jpeg(width: Int = 320, height: Int = 180, gray: Bool = false) -> Data? {
        guard hasFFmpeg else { return nil }
        let url = temporaryFile(".jpg")
        defer { try? FileManager.default.removeItem(at: url) }
        var args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height)", "-frames:v", "1"]
        if gray { args += ["-pix_fmt", "gray"] }
        guard (try? run("ffmpeg", args + ["-y", url.path]))?.status == 0 else { return nil }
        return try? Data(contentsOf: url)
    }

    /// pdftotext of the PDF, in reading order.
    static func text(of pdf: Data) throws -> String {
        let url = temporaryFile(".pdf")
        try pdf.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try run("pdftotext", ["-enc", "UTF-8", url.path, "-"]).stdout
    }

    static func info(of pdf: Data) throws -> Output {
        let url = temporaryFile(".pdf")
        try pdf.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try run("pdfinfo", [url.path])
    }
}

import Foundation
import TestSupport
@testable import Stage

/// Test pictures built in code, and the poppler / ffmpeg tools the end-to-end tests use.
enum Fixtures {
    // MARK: Pictures (TestSupport builds them)

    static func png(width: Int, height: Int, colorType: UInt8, pixel: (Int, Int) -> [UInt8]) -> Data {
        TestImages.png(width: width, height: height, colorType: colorType, pixel: pixel)
    }

    static func storedZlib(_ data: [UInt8]) -> [UInt8] { TestImages.storedZlib(data) }

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

extension Fixtures {
    // MARK: Fonts (Debian fonts-dejavu-core and fonts-droid-fallback)

    static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu/"
    static let droidFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    static func fontBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static var hasDejaVu: Bool { FileManager.default.fileExists(atPath: dejaVuDirectory + "DejaVuSans.ttf") }

    /// The handout's fonts as the service loads them (nil without DejaVu).
    static let handoutFonts: HandoutFonts? = HandoutFonts.installed { FileManager.default.contents(atPath: $0) }

    /// fonts-noto-core and fonts-noto-cjk, which the handouts' scripts beyond Latin, Greek and Cyrillic need.
    static var hasNoto: Bool {
        ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"]
            .allSatisfy(FileManager.default.fileExists)
    }

    static var hasDroidFallback: Bool { FileManager.default.fileExists(atPath: droidFallback) }

    /// Runs a poppler tool on the PDF written to a temporary file.
    static func tool(_ name: String, _ arguments: [String], on pdf: Data) throws -> Output {
        let url = temporaryFile(".pdf")
        try pdf.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try run(name, arguments + [url.path])
    }
}

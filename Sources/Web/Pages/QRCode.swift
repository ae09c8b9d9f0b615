#if canImport(Glibc)
import Glibc
#endif

/// A QR code made by Nayuki's qrcodegen (Debian's libqrcodegen1), for the terminal's trust address and the Devices
/// page's pairing link. The library is loaded when needed rather than linked, so a build needs nothing besides the
/// Swift toolchain; without it there is no code, and the address or the digits stand alone.
public struct QRCode: Sendable {
    /// Modules per side.
    public let width: Int
    private let modules: [Bool]

    /// Whether the module at (x, y) is dark; outside the code (the quiet zone) is light.
    public func isDark(_ x: Int, _ y: Int) -> Bool {
        guard (0..<width).contains(x), (0..<width).contains(y) else { return false }
        return modules[y * width + x]
    }

    private typealias EncodeText = @convention(c) (
        UnsafePointer<CChar>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int32, Int32, Int32, Int32, Bool
    ) -> Bool
    private typealias GetSize = @convention(c) (UnsafePointer<UInt8>) -> Int32
    private typealias GetModule = @convention(c) (UnsafePointer<UInt8>, Int32, Int32) -> Bool

    /// The code for `text`; nil when the library is missing or the text does not fit.
    public init?(_ text: String) {
        guard let library = dlopen("libqrcodegen.so.1", RTLD_NOW) else { return nil }
        defer { dlclose(library) }
        guard let encodeSymbol = dlsym(library, "qrcodegen_encodeText"), let sizeSymbol = dlsym(library, "qrcodegen_getSize"),
              let moduleSymbol = dlsym(library, "qrcodegen_getModule") else { return nil }
        let encode = unsafeBitCast(encodeSymbol, to: EncodeText.self)
        let size = unsafeBitCast(sizeSymbol, to: GetSize.self)
        let module = unsafeBitCast(moduleSymbol, to: GetModule.self)
        let capacity = ((40 * 4 + 17) * (40 * 4 + 17) + 7) / 8 + 1  // qrcodegen_BUFFER_LEN_MAX
        var code = [UInt8](repeating: 0, count: capacity)
        var scratch = [UInt8](repeating: 0, count: capacity)
        // Error correction MEDIUM, versions 1…40, automatic mask, boosted correction when it fits.
        guard text.withCString({ encode($0, &scratch, &code, 1, 1, 40, -1, true) }) else { return nil }
        let width = Int(size(code))
        self.width = width
        modules = (0..<(width * width)).map { module(code, Int32($0 % width), Int32($0 / width)) }
    }

    /// The code as an SVG image: one path of dark squares on white with a quiet zone of `quiet` modules, scaled by
    /// its box (`viewBox`), so it stays sharp at any size and scans in dark mode too.
    public func svg(quiet: Int = 4, label: String) -> String {
        let side = width + 2 * quiet
        var path = ""
        for y in 0..<width {
            for x in 0..<width where isDark(x, y) { path += "M\(x + quiet) \(y + quiet)h1v1h-1z" }
        }
        return ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(side) \##(side)" role="img" aria-label="\##(Self.escaped(label))" shape-rendering="crispEdges"><rect width="\##(side)" height="\##(side)" fill="#fff"/><path d="\##(path)" fill="#000"/></svg>"##
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// A QR code for the terminal, drawn with half-block characters (two modules per character cell), made by
/// Nayuki's qrcodegen (Debian's libqrcodegen1). It is loaded when needed rather than linked, so a build needs
/// nothing besides the Swift toolchain; without the library the terminal shows the address alone.
enum TerminalQRCode {
    private typealias EncodeText = @convention(c) (
        UnsafePointer<CChar>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int32, Int32, Int32, Int32, Bool
    ) -> Bool
    private typealias GetSize = @convention(c) (UnsafePointer<UInt8>) -> Int32
    private typealias GetModule = @convention(c) (UnsafePointer<UInt8>, Int32, Int32) -> Bool

    /// The code for `text` as lines, light modules as blocks so it reads on a dark terminal as on paper; nil when
    /// the library is missing or the text does not fit.
    static func lines(for text: String) -> [String]? {
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
        let quiet = 2
        func dark(_ x: Int, _ y: Int) -> Bool {
            guard (0..<width).contains(x), (0..<width).contains(y) else { return false }
            return module(code, Int32(x), Int32(y))
        }
        return stride(from: -quiet, to: width + quiet, by: 2).map { y in
            String((-quiet..<(width + quiet)).map { x -> Character in
                switch (dark(x, y), dark(x, y + 1)) {
                case (false, false): return "█"
                case (false, true): return "▀"
                case (true, false): return "▄"
                case (true, true): return " "
                }
            })
        }
    }
}

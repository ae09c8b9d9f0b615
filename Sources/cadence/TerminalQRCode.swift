import Web

/// A QR code for the terminal, drawn with half-block characters (two modules per character cell), light modules as
/// blocks so it reads on a dark terminal as on paper.
enum TerminalQRCode {
    /// The code for `text` as lines; nil when the QR library is missing or the text does not fit.
    static func lines(for text: String) -> [String]? {
        guard let code = QRCode(text) else { return nil }
        let quiet = 2
        return stride(from: -quiet, to: code.width + quiet, by: 2).map { y in
            String((-quiet..<(code.width + quiet)).map { x -> Character in
                switch (code.isDark(x, y), code.isDark(x, y + 1)) {
                case (false, false): return "█"
                case (false, true): return "▀"
                case (true, false): return "▄"
                case (true, true): return " "
                }
            })
        }
    }
}

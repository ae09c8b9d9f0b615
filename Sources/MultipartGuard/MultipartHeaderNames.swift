import NIOCore

/// Watches a multipart body as it streams in and refuses a part whose header name holds a byte above 127, before
/// multipart-kit's parser sees it: that parser (4.7.1) looks such a byte up in a 128-entry table and traps, which would
/// stop the whole server on one crafted upload. Header values and bodies may hold any byte (UTF-8 file names, audio).
///
/// A guard that reads the body its own way checks the wrong bytes (an earlier one took `--<boundary>` only at a line's
/// start, while the parser's preamble takes it anywhere, even mid-line): so this one walks the same states as the
/// parser, byte by byte, and looks at exactly the bytes the parser would read as a header name. Where the parser
/// would refuse the syntax, the guard stops looking: the parser throws there before any later byte reaches it.
public struct MultipartHeaderNames {
    /// `CR LF --<boundary>`, as the parser matches it.
    private let delimiter: [UInt8]
    private var state: State = .preamble(matched: 0)

    private enum State {
        /// Looking for the first delimiter; the leading CR LF may be missing, and it may start anywhere.
        case preamble(matched: Int)
        /// After a delimiter: the CR LF that ends its line (`lfNext`: the CR was seen).
        case preHeaders(lfNext: Bool)
        case headerName(empty: Bool)
        case headerValue
        /// A header value's CR was seen; its LF must follow.
        case afterValue
        /// The empty line's CR was seen; its LF must follow, then the body.
        case afterHeaders
        case body
        /// Matching a delimiter inside a body.
        case boundary(matched: Int)
        /// After the closing delimiter, or after a syntax error the parser stops at: nothing more is read.
        case done
    }

    public init(boundary: String) { delimiter = Array(("\r\n--" + boundary).utf8) }

    /// Throws `NonASCIIName` at the first header-name byte above 127.
    public mutating func check(_ buffer: ByteBuffer) throws {
        for byte in buffer.readableBytesView {
            state = try next(after: byte)
            if case .done = state { return }
        }
    }

    private func next(after byte: UInt8) throws -> State {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        switch state {
        case .preamble(let matched):
            let now: Int
            if matched == 0, byte == delimiter[2] { now = 3 }
            else if byte == delimiter[matched] { now = matched + 1 }
            else if matched > 0, byte == delimiter[0] { now = 1 }
            else { now = 0 }
            return now == delimiter.count ? .preHeaders(lfNext: false) : .preamble(matched: now)
        case .preHeaders(let lfNext):
            if !lfNext, byte == cr { return .preHeaders(lfNext: true) }
            if lfNext, byte == lf { return .headerName(empty: true) }
            return .done
        case .headerName(let empty):
            if byte == UInt8(ascii: ":"), !empty { return .headerValue }
            if byte == cr, empty { return .afterHeaders }
            if byte > 127 { throw NonASCIIName() }
            return Self.isNameByte(byte) ? .headerName(empty: false) : .done
        case .headerValue:
            return byte == cr ? .afterValue : .headerValue
        case .afterValue:
            return byte == lf ? .headerName(empty: true) : .done
        case .afterHeaders:
            return byte == lf ? .body : .done
        case .body:
            return byte == delimiter[0] ? .boundary(matched: 1) : .body
        case .boundary(let matched):
            if matched == delimiter.count {
                if byte == cr { return .preHeaders(lfNext: true) }
                return .done  // the closing `--`, or a syntax error
            }
            if byte == delimiter[matched] { return .boundary(matched: matched + 1) }
            return byte == delimiter[0] ? .boundary(matched: 1) : .body
        case .done:
            return .done
        }
    }

    /// RFC 822's token characters, as the parser's table has them: visible ASCII but the tspecials (space, tab and
    /// other controls are below 33; anything above 127 is refused before this is asked).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        guard byte > 32, byte < 127 else { return false }
        return !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
    }

    public struct NonASCIIName: Error {}
}

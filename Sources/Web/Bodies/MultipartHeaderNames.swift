import NIOCore

/// Watches a multipart body as it streams in and refuses a part whose header name holds a byte above 127, before
/// multipart-kit's parser sees it: that parser (4.7.1) looks such a byte up in a 128-entry table and traps, which would
/// stop the whole server on one crafted upload. Header values and bodies may hold any byte (UTF-8 file names, audio).
///
/// It reads lines: a line that starts with `--<boundary>` (the first line of the body, or one after CR LF, as the
/// parser matches the delimiter) opens a part's headers, which run to the first empty line; on each header line, the
/// bytes before its first `:` are the name.
struct MultipartHeaderNames {
    private let delimiter: [UInt8]
    /// The start of the current line, up to the delimiter and two bytes more (to recognise a delimiter line, and the
    /// closing one, `--<boundary>--`, after which no headers come).
    private var lineStart: [UInt8] = []
    private var lineLength = 0
    /// Whether the line before this one ended with CR LF (the body's first line counts as such).
    private var afterCRLF = true
    private var previousByte: UInt8?
    /// Inside a part's header lines, and whether this line's name has ended (its `:` was seen).
    private var inHeaders = false
    private var nameEnded = false
    /// The current line is a delimiter line (its headers start on the next line).
    private var onDelimiterLine = false

    init(boundary: String) { delimiter = Array(("--" + boundary).utf8) }

    /// Throws `NonASCIIName` at the first header-name byte above 127.
    mutating func check(_ buffer: ByteBuffer) throws {
        for byte in buffer.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                endLine()
                previousByte = byte
                continue
            }
            if lineLength < delimiter.count + 2 { lineStart.append(byte) }
            lineLength += 1
            if lineLength == delimiter.count, afterCRLF, lineStart == delimiter { onDelimiterLine = true }
            if inHeaders, !onDelimiterLine, !nameEnded {
                if byte == UInt8(ascii: ":") { nameEnded = true } else if byte > 127 { throw NonASCIIName() }
            }
            previousByte = byte
        }
    }

    private mutating func endLine() {
        let empty = lineLength == 0 || (lineLength == 1 && previousByte == UInt8(ascii: "\r"))
        if onDelimiterLine {
            inHeaders = lineStart.dropFirst(delimiter.count).prefix(2).elementsEqual("--".utf8) == false
        } else if inHeaders, empty {
            inHeaders = false
        }
        afterCRLF = previousByte == UInt8(ascii: "\r")
        lineStart.removeAll(keepingCapacity: true)
        lineLength = 0
        nameEnded = false
        onDelimiterLine = false
    }

    struct NonASCIIName: Error {}
}

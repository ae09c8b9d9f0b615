import CadenceCore
import Foundation

/// Writes an e-mail as RFC 5322 text, CRLF line ends, before SMTP's dot-stuffing: headers folded to 78
/// characters, non-ASCII text in them as RFC 2047 encoded words (RFC 2231 for file names), a MIME body.
enum MailFormat {
    static func render(_ message: MailMessage, from: String, date: Date, messageID: String, boundary: String) throws(MailHeaderError) -> String {
        var lines = [
            try header("From", "Cadence <\(from)>"),
            try header("To", "<\(message.to)>"),
            try header("Subject", message.subject, text: true),
            try header("Date", Self.date(date)),
            try header("Message-ID", "<\(messageID)>"),
            "MIME-Version: 1.0",
        ]
        let text = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", body(message.body)]
        guard !message.attachments.isEmpty else {
            return (lines + text).joined(separator: "\r\n")
        }
        // multipart/mixed (RFC 2046): the text, then each file in base64 lines of 76 characters.
        lines += [try header("Content-Type", "multipart/mixed; boundary=\"\(boundary)\""), "", "--\(boundary)"] + text
        for attachment in message.attachments {
            lines += ["--\(boundary)",
                      try header("Content-Type", "\(attachment.contentType); \(try parameter("name", attachment.filename))"),
                      try header("Content-Disposition", "attachment; \(try parameter("filename", attachment.filename))"),
                      "Content-Transfer-Encoding: base64", ""]
            let encoded = Array(attachment.data.base64EncodedString().utf8)
            lines += stride(from: 0, to: encoded.count, by: 76).map {
                String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self)
            }
        }
        return (lines + ["--\(boundary)--"]).joined(separator: "\r\n")
    }

    /// "Tue, 25 Nov 2026 11:27:14 +0000" (RFC 5322 §3.3), in UTC.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// One header, folded. `text` marks an unstructured value (a subject), which may hold any characters and is
    /// sent as encoded words when it is not plain ASCII (or holds "=?", which a reader would take for the start of
    /// one); other values (addresses, dates) are sent as they are.
    static func header(_ name: String, _ value: String, text: Bool = false) throws(MailHeaderError) -> String {
        try checkOneLine(value, header: name)
        if text, !value.unicodeScalars.allSatisfy(\.isASCII) || value.contains("=?") {
            return "\(name): " + encodedWords(value, firstLineRoom: 76 - name.count - 2).joined(separator: "\r\n ")
        }
        return fold("\(name): \(value)")
    }

    /// Text a person wrote (a talk's title) made fit for an unstructured header such as a subject:
    /// its line breaks and other control characters become spaces.
    static func oneLine(_ text: String) -> String { MailMessage.oneLine(text) }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { MailMessage.isControl(scalar) }

    private static func checkOneLine(_ value: String, header name: String) throws(MailHeaderError) {
        for scalar in value.unicodeScalars where isControl(scalar) {
            let what = scalar == "\r" || scalar == "\n" ? "a line break" : String(format: "the control character U+%04X", scalar.value)
            throw MailHeaderError(description: "The e-mail's \(name) contains \(what), which a mail header cannot carry.")
        }
    }

    /// Folds at spaces so lines stay within 78 characters where the words allow (RFC 5322 §2.2.3).
    private static func fold(_ line: String) -> String {
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count > 78, !word.isEmpty, !current.allSatisfy({ $0 == " " }) {
                lines.append(current)
                current = " " + word
            } else {
                current += " " + word
            }
        }
        return (lines + [current]).joined(separator: "\r\n")
    }

    /// `=?UTF-8?B?…?=` words of at most 75 characters, each holding whole characters (RFC 2047 §5), the first
    /// short enough to follow the header's name. Decoders join adjacent words without the space between them.
    private static func encodedWords(_ value: String, firstLineRoom: Int) -> [String] {
        func bytesFitting(_ room: Int) -> Int { (min(room, 75) - 12) / 4 * 3 }
        var words: [String] = []
        var chunk: [UInt8] = []
        var budget = bytesFitting(firstLineRoom)
        func flush() {
            words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
            chunk = []
            budget = bytesFitting(75)
        }
        for character in value {
            // A character longer than a whole word (a long combining sequence) is split between its scalars.
            let pieces = character.utf8.count <= bytesFitting(75) ? [String(character)] : character.unicodeScalars.map(String.init)
            for piece in pieces {
                if chunk.count + piece.utf8.count > budget, !chunk.isEmpty { flush() }
                chunk += piece.utf8
            }
        }
        if !chunk.isEmpty { flush() }
        return words
    }

    /// A MIME parameter; a non-ASCII value as RFC 2231 `name*=UTF-8''…`.
    private static func parameter(_ name: String, _ value: String) throws(MailHeaderError) -> String {
        try checkOneLine(value, header: "attachment's \(name)")
        if value.unicodeScalars.allSatisfy(\.isASCII) {
            return "\(name)=\"\(value.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: ""))\""
        }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
        return "\(name)*=UTF-8''\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }

    /// The text with CRLF line ends whatever it came with.
    private static func body(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}

import Foundation
import NIOCore

/// One SMTP dialogue: send a line, read the (possibly multi-line) reply, check its code.
struct SMTPConversation {
    var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var pending = ""

    mutating func command(_ line: String, expect code: Int) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        try await expect(code)
    }

    /// EHLO; answers the extensions the server offers ("STARTTLS", "AUTH PLAIN LOGIN", …), in upper case.
    mutating func hello() async throws -> Set<String> {
        try await outbound.write(ByteBuffer(string: "EHLO cadence\r\n"))
        // The first line greets; each further one names an extension.
        return Set(try await expect(250).dropFirst().map { $0.uppercased() })
    }

    /// Answers the reply's lines without their codes.
    @discardableResult
    mutating func expect(_ code: Int) async throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try await nextLine()
            lines.append(String(line.dropFirst(4)))
            // "250-…" continues a reply, "250 …" ends it.
            let isLast = line.count < 4 || line[line.index(line.startIndex, offsetBy: 3)] != "-"
            guard isLast else { continue }
            guard Int(line.prefix(3)) == code else {
                throw SMTPError(description: "SMTP server answered \"\(line)\" where \(code) was expected")
            }
            return lines
        }
    }

    func expectNothingPending() throws {
        guard pending.isEmpty else {
            throw SMTPError(description: "SMTP server sent more than its answer to STARTTLS; nothing was sent")
        }
    }

    private mutating func nextLine() async throws -> String {
        while true {
            if let end = pending.range(of: "\r\n") {
                let line = String(pending[..<end.lowerBound])
                pending.removeSubrange(..<end.upperBound)
                return line
            }
            guard let buffer = try await inbound.next() else {
                throw SMTPError(description: "SMTP server closed the connection")
            }
            pending += String(buffer: buffer)
            if pending.utf8.count > 64 * 1024 {
                throw SMTPError(description: "SMTP server sent an over-long reply")
            }
        }
    }
}

import Foundation
import NIOCore
import NIOPosix

public struct SMTPConfigurationError: Error, CustomStringConvertible {
    public let description: String
}

/// A plain SMTP client (RFC 5321), enough to hand a message to a relay:
/// `smtp://[user:password@]host[:port][?from=address]`. TLS is left to a local
/// relay (see docs/operations.md); AUTH PLAIN is used when a user is given.
public struct SMTPMailer: Mailer {
    let host: String
    let port: Int
    let username: String?
    let password: String?
    let from: String

    public init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "smtp",
              let host = components.host, !host.isEmpty
        else {
            throw SMTPConfigurationError(description: "unusable SMTP URL \"\(url)\": expected smtp://[user:password@]host[:port][?from=address]")
        }
        self.host = host
        self.port = components.port ?? 25
        self.username = components.user?.removingPercentEncoding
        self.password = components.password?.removingPercentEncoding
        self.from = components.queryItems?.first(where: { $0.name == "from" })?.value ?? "cadence@\(host)"
    }

    public func send(_ message: MailMessage) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var conversation = SMTPConversation(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            try await conversation.expect(220)
            try await conversation.command("EHLO cadence", expect: 250)
            if let username {
                let secret = Data("\u{0}\(username)\u{0}\(password ?? "")".utf8).base64EncodedString()
                try await conversation.command("AUTH PLAIN \(secret)", expect: 235)
            }
            try await conversation.command("MAIL FROM:<\(from)>", expect: 250)
            try await conversation.command("RCPT TO:<\(message.to)>", expect: 250)
            try await conversation.command("DATA", expect: 354)
            try await conversation.command(Self.encode(message, from: from), expect: 250)
            try await conversation.command("QUIT", expect: 221)
        }
    }

    /// Headers and a dot-stuffed body, ending with the lone "." that closes DATA.
    static func encode(_ message: MailMessage, from: String, boundary: String = "cadence-\(UUID().uuidString)") -> String {
        let date = Date().formatted(.iso8601)
        let text = message.body.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
            .joined(separator: "\r\n")
        let headers = ["From: Cadence <\(from)>", "To: <\(message.to)>", "Subject: \(message.subject)", "Date: \(date)", "MIME-Version: 1.0"]
        guard !message.attachments.isEmpty else {
            return (headers + ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text, "."])
                .joined(separator: "\r\n")
        }
        // multipart/mixed (RFC 2046): the text, then each file in base64 lines of 76 characters.
        var lines = headers + ["Content-Type: multipart/mixed; boundary=\"\(boundary)\"", "", "--\(boundary)",
                               "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text]
        for attachment in message.attachments {
            let name = attachment.filename.replacingOccurrences(of: "\"", with: "")
            lines += ["--\(boundary)", "Content-Type: \(attachment.contentType); name=\"\(name)\"",
                      "Content-Disposition: attachment; filename=\"\(name)\"", "Content-Transfer-Encoding: base64", ""]
            let encoded = Array(attachment.data.base64EncodedString().utf8)
            lines += stride(from: 0, to: encoded.count, by: 76).map {
                String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self)
            }
        }
        return (lines + ["--\(boundary)--", "."]).joined(separator: "\r\n")
    }
}

/// One SMTP dialogue: send a line, read the (possibly multi-line) reply, check its code.
struct SMTPConversation {
    var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var pending = ""

    mutating func command(_ line: String, expect code: Int) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        try await expect(code)
    }

    mutating func expect(_ code: Int) async throws {
        while true {
            let line = try await nextLine()
            // "250-…" continues a reply, "250 …" ends it.
            let isLast = line.count < 4 || line[line.index(line.startIndex, offsetBy: 3)] != "-"
            guard isLast else { continue }
            guard Int(line.prefix(3)) == code else {
                throw SMTPConfigurationError(description: "SMTP server answered \"\(line)\" where \(code) was expected")
            }
            return
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
                throw SMTPConfigurationError(description: "SMTP server closed the connection")
            }
            pending += String(buffer: buffer)
            if pending.utf8.count > 64 * 1024 {
                throw SMTPConfigurationError(description: "SMTP server sent an over-long reply")
            }
        }
    }
}

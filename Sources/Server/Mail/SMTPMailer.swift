import CadenceCore
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// An SMTP client (RFC 5321), enough to hand a message to a relay (docs/operations.md, "E-mail"):
/// `smtp://[user:password@]host[:port][?from=address][&starttls=required]` or `smtps://…` (TLS from the
/// first byte, port 465 by default). The relay's certificate is checked against the system's trust store and
/// the operator's `--smtp-ca-file`, and its name against the host; AUTH PLAIN is used when a user is given.
public struct SMTPMailer: Mailer {
    enum Security: Equatable {
        case none
        /// Plain first, then STARTTLS before anything else; a server that does not offer it is refused.
        case startTLS
        /// TLS from the first byte (`smtps://`, RFC 8314).
        case implicitTLS
    }

    static let usage = "smtp://[user:password@]host[:port][?from=address][&starttls=required] or smtps://…"

    let host: String
    let port: Int
    let username: String?
    let password: String?
    let from: String
    let security: Security
    private let tls: NIOSSLContext?

    /// - Parameter trustedCertificatesFile: PEM certificates to trust besides the system's (`--smtp-ca-file`).
    public init(url: String, trustedCertificatesFile: String? = nil) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme, scheme == "smtp" || scheme == "smtps",
              let host = components.host, !host.isEmpty
        else {
            throw SMTPConfigurationError(description: "unusable SMTP URL \"\(url)\": expected \(Self.usage)")
        }
        var options = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let from = options.removeValue(forKey: "from") ?? "cadence@\(host)"
        let starttls = options.removeValue(forKey: "starttls")
        if let unknown = options.keys.sorted().first {
            throw SMTPConfigurationError(description: "unknown SMTP URL option \"\(unknown)\": the options are from and starttls")
        }
        switch (scheme, starttls) {
        case ("smtps", nil): security = .implicitTLS
        case ("smtps", _):
            throw SMTPConfigurationError(description: "starttls does not go with smtps://, which is TLS from the start")
        case (_, nil): security = .none
        case (_, "required"): security = .startTLS
        case (_, let value?):
            throw SMTPConfigurationError(description: "starttls=\(value) in the SMTP URL: the only value is starttls=required")
        }
        // The address goes into MAIL FROM and the From header as it is.
        guard from.contains("@"), !from.contains(where: { $0.isWhitespace || "<>\"".contains($0) }),
              from.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw SMTPConfigurationError(description: "from=\(from) in the SMTP URL is not an e-mail address")
        }
        if trustedCertificatesFile != nil, security == .none {
            throw SMTPConfigurationError(description: "--smtp-ca-file is for TLS: use smtps://… or smtp://…?starttls=required")
        }
        self.host = host
        self.port = components.port ?? (security == .implicitTLS ? 465 : 25)
        self.username = components.user?.removingPercentEncoding
        self.password = components.password?.removingPercentEncoding
        self.from = from
        self.tls = security == .none ? nil : try Self.tlsContext(trusting: trustedCertificatesFile)
    }

    private static func tlsContext(trusting file: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let file {
            let certificates: [NIOSSLCertificate]
            do { certificates = try NIOSSLCertificate.fromPEMFile(file) } catch {
                throw SMTPConfigurationError(description: "--smtp-ca-file \(file) could not be read as PEM certificates: \(error)")
            }
            guard !certificates.isEmpty else {
                throw SMTPConfigurationError(description: "--smtp-ca-file \(file) holds no PEM certificate")
            }
            configuration.additionalTrustRoots = [.certificates(certificates)]
        }
        return try NIOSSLContext(configuration: configuration)
    }

    public func send(_ message: MailMessage) async throws {
        // Written before connecting: a header that cannot be sent is refused without a word to the server.
        let domain = from.split(separator: "@").last.map(String.init) ?? host
        let text = try MailFormat.render(message, from: from, date: Date(), messageID: "\(UUID().uuidString.lowercased())@\(domain)",
                                         boundary: "cadence-\(UUID().uuidString)")
        let security = self.security
        let (channel, implicitHandshake) = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handshake = security == .implicitTLS ? try TLSHandshakeWatch.addTLS(try makeTLSHandler(), to: channel) : nil
                    return (try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel), handshake)
                }
            }
        do {
            try await channel.executeThenClose { inbound, outbound in
                if let implicitHandshake { try await tlsEstablished(implicitHandshake) }
                var conversation = SMTPConversation(inbound: inbound.makeAsyncIterator(), outbound: outbound)
                try await conversation.expect(220)
                var extensions = try await conversation.hello()
                if security == .startTLS {
                    guard extensions.contains("STARTTLS") else {
                        throw SMTPError(description:
                            "the SMTP server \(host):\(port) does not offer STARTTLS, which the URL requires (starttls=required); nothing was sent")
                    }
                    try await conversation.command("STARTTLS", expect: 220)
                    // Anything the server sent before TLS could have been injected in transit (RFC 3207 §4.2).
                    try conversation.expectNothingPending()
                    let handshake = try await channel.channel.eventLoop.submit {
                        try TLSHandshakeWatch.addTLS(try makeTLSHandler(), to: channel.channel)
                    }.get()
                    try await tlsEstablished(handshake)
                    extensions = try await conversation.hello()
                }
                if let username {
                    let secret = Data("\u{0}\(username)\u{0}\(password ?? "")".utf8).base64EncodedString()
                    try await conversation.command("AUTH PLAIN \(secret)", expect: 235)
                }
                try await conversation.command("MAIL FROM:<\(from)>", expect: 250)
                try await conversation.command("RCPT TO:<\(message.to)>", expect: 250)
                try await conversation.command("DATA", expect: 354)
                try await conversation.command(Self.dotStuffed(text), expect: 250)
                try await conversation.command("QUIT", expect: 221)
            }
        } catch let error as NIOSSLError {
            throw tlsFailure(error)
        } catch let error as BoringSSLError {
            throw tlsFailure(error)
        }
    }

    /// Waits for the handshake, so that its failure, not a write it cut short, is what the operator reads.
    private func tlsEstablished(_ handshake: EventLoopFuture<Void>) async throws {
        do { try await handshake.get() } catch { throw tlsFailure(error) }
    }

    private func tlsFailure(_ error: Error) -> SMTPError {
        SMTPError(description: "TLS with the SMTP server \(host):\(port) failed (\(error)); nothing was sent")
    }

    /// The relay's name is checked against its certificate; an address is checked against the certificate's IP
    /// entries (and is not sent as SNI, which carries names only).
    private func makeTLSHandler() throws -> NIOSSLClientHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: tls!, serverHostname: isAddress ? nil : host)
    }

    /// The message as DATA sends it (RFC 5321 §4.5.2): a line starting with "." gets another, and a lone "." ends it.
    static func dotStuffed(_ text: String) -> String {
        text.split(separator: Character("\r\n"), omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
            .joined(separator: "\r\n") + "\r\n."
    }
}

import Foundation
import LocalCA
import NIOSSL
import SwiftASN1
import X509

/// The certificate chain and private key Cadence serves HTTPS with: PEM files, as certbot, lego, acme.sh and
/// Cadence's own authority (`LocalAuthorityFiles`) write them. Read whole, checked (the key must be the first
/// certificate's), and turned into a TLS context that speaks TLS 1.2 and 1.3 only.
public struct TLSCertificateFiles: Sendable, Equatable {
    public let certificatePath: String
    public let keyPath: String

    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// What identifies the files' current contents without reading them: a renewal writes new files (or renames
    /// new ones into place), which changes the modification time, size or inode.
    func stamp() -> [String] {
        [certificatePath, keyPath].map { path in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "missing" }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(modified) \(attributes[.size] ?? 0) \(attributes[.systemFileNumber] ?? 0)"
        }
    }

    /// The TLS context for these files, and what the leaf says (for the log and `cadence https status`).
    func load() throws -> LoadedCertificate {
        let chainPEM = try read(certificatePath, what: "certificate")
        let keyPEM = try read(keyPath, what: "key")
        let chain: [Certificate]
        do {
            chain = try PEMDocument.parseMultiple(pemString: chainPEM).filter { $0.discriminator == "CERTIFICATE" }.map { try Certificate(pemDocument: $0) }
        } catch {
            throw TLSFilesError("\(certificatePath) holds no readable PEM certificate (\(error))")
        }
        guard let leaf = chain.first else { throw TLSFilesError("\(certificatePath) holds no PEM certificate") }
        let key: Certificate.PrivateKey
        do { key = try Certificate.PrivateKey(pemEncoded: keyPEM) } catch {
            throw TLSFilesError("\(keyPath) holds no readable PEM private key (\(error))")
        }
        // BoringSSL would accept a mismatched pair and fail every handshake; a renewal caught half-written is refused here.
        guard key.publicKey == leaf.publicKey else {
            throw TLSFilesError("\(keyPath) is not the key of the first certificate in \(certificatePath)")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(chainPEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)))
        configuration.minimumTLSVersion = .tlsv12
        // HTTP/2 for clients that offer it (`NegotiatedHTTPChannel`); WebSockets open on HTTP/1.1 connections.
        configuration.applicationProtocols = ["h2", "http/1.1"]
        let context = try NIOSSLContext(configuration: configuration)
        let names = (try? ServedNames(certificate: leaf))?.description ?? ""
        return LoadedCertificate(context: context, names: names, notValidAfter: leaf.notValidAfter,
                                 fingerprint: (try? leaf.sha256Fingerprint) ?? "")
    }

    private func read(_ path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TLSFilesError("cannot read the TLS \(what) file \(path)")
        }
        guard data.count <= 1 << 20 else { throw TLSFilesError("\(path) is larger than a TLS \(what) file can be (1 MiB)") }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A TLS context and what its certificate says.
struct LoadedCertificate: @unchecked Sendable {  // NIOSSLContext is thread-safe, not marked Sendable
    let context: NIOSSLContext
    let names: String
    let notValidAfter: Date
    let fingerprint: String
}

public struct TLSFilesError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

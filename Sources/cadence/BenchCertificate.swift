import AsyncHTTPClient
import Foundation
import LocalCA
import NIOSSL

/// A throwaway certificate for benchmarking HTTPS: a root and a leaf for localhost and 127.0.0.1, as PEM files.
/// Bench clients do not verify it (as wrk does not): they measure the handshake and the encryption, not trust.
enum BenchCertificate {
    static func write(in folder: URL) throws -> (certificate: URL, key: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = try LocalAuthority.makeAuthority(hostname: "bench", now: Date())
        let leaf = try LocalAuthority.issueServerCertificate(
            for: ServedNames(dnsNames: ["localhost"], addresses: ["127.0.0.1"]), by: root, now: Date())
        let certificate = folder.appendingPathComponent("cert.pem")
        let key = folder.appendingPathComponent("key.pem")
        try Data(try leaf.certificatePEM.utf8).write(to: certificate)
        try Data(leaf.keyPEM.utf8).write(to: key)
        return (certificate, key)
    }

    static var unverifiedClientTLS: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        return tls
    }

    /// One client for the benches' setup requests over HTTPS (never shut down: it lives as long as the process).
    static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: unverifiedClientTLS))
}

import Foundation
import LocalCA
import X509

/// Cadence's own certificate authority on disk, in the data directory's `https/` folder: the root (`ca.pem`, and
/// its key `ca-key.pem`, mode 0600), and the server certificate it issued (`server.pem`, `server-key.pem`), which
/// `ReloadingTLSContext` serves. The folder goes into `cadence backup`, so a restored installation keeps the root
/// its phones already trust.
public struct LocalAuthorityFiles: Sendable {
    public let directory: URL

    public init(dataDirectory: URL) {
        directory = dataDirectory.appendingPathComponent("https", isDirectory: true)
    }

    var authorityCertificate: URL { directory.appendingPathComponent("ca.pem") }
    var authorityKey: URL { directory.appendingPathComponent("ca-key.pem") }
    public var serverFiles: TLSCertificateFiles {
        TLSCertificateFiles(certificatePath: directory.appendingPathComponent("server.pem").path,
                            keyPath: directory.appendingPathComponent("server-key.pem").path)
    }

    /// The root, made on first use for `hostname`.
    public func authority(hostname: String, now: Date = Date()) throws -> IssuedCertificate {
        if let existing = try readAuthority() { return existing }
        let made = try LocalAuthority.makeAuthority(hostname: hostname, now: now)
        try write(made, certificate: authorityCertificate, key: authorityKey)
        return made
    }

    /// The root, if one was made.
    public func readAuthority() throws -> IssuedCertificate? {
        try read(certificate: authorityCertificate, key: authorityKey)
    }

    /// Makes sure the server certificate serves `names` and is not near expiry: issues a new one when it does not.
    /// Answers why it was renewed, or nil when the one on disk is good.
    @discardableResult
    public func ensureServerCertificate(for names: ServedNames, hostname: String, now: Date = Date()) throws -> LocalAuthority.RenewalReason? {
        let root = try authority(hostname: hostname, now: now)
        let files = serverFiles
        let reason: LocalAuthority.RenewalReason?
        if let held = try? read(certificate: URL(fileURLWithPath: files.certificatePath), key: URL(fileURLWithPath: files.keyPath)) {
            reason = LocalAuthority.renewalReason(held.certificate, serving: names, now: now)
        } else {
            reason = .expiring  // none yet (or unreadable): as good as expired
        }
        guard reason != nil else { return nil }
        let issued = try LocalAuthority.issueServerCertificate(for: names, by: root, now: now)
        try write(issued, certificate: URL(fileURLWithPath: files.certificatePath), key: URL(fileURLWithPath: files.keyPath))
        return reason
    }

    /// The server's certificate as written, for `cadence https status`.
    public func readServer() throws -> IssuedCertificate? {
        try read(certificate: URL(fileURLWithPath: serverFiles.certificatePath), key: URL(fileURLWithPath: serverFiles.keyPath))
    }

    private func read(certificate: URL, key: URL) throws -> IssuedCertificate? {
        guard let certificatePEM = try? String(contentsOf: certificate, encoding: .utf8) else { return nil }
        guard let keyPEM = try? String(contentsOf: key, encoding: .utf8) else {
            throw TLSFilesError("\(certificate.path) has no key beside it (\(key.lastPathComponent))")
        }
        do { return try IssuedCertificate(certificatePEM: certificatePEM, keyPEM: keyPEM) } catch {
            throw TLSFilesError("\(certificate.path) or its key cannot be read: \(error)")
        }
    }

    /// Writes the key first (0600 from the start, never readable by others) and the certificate after, each into a
    /// temporary file renamed into place, so a reader sees the old pair or the new, never half of one.
    private func write(_ issued: IssuedCertificate, certificate: URL, key: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try replace(key, with: Data(issued.keyPEM.utf8), permissions: 0o600)
        try replace(certificate, with: Data(try issued.certificatePEM.utf8), permissions: 0o644)
    }

    private func replace(_ target: URL, with data: Data, permissions: Int) throws {
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8))")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: permissions]) else {
            throw TLSFilesError("cannot write in \(directory.path)")
        }
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.write(contentsOf: data)
        try handle.synchronize()
        try handle.close()
        // rename(2) replaces the old file in one step (Foundation's replaceItemAt fails when there is none yet).
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw TLSFilesError("cannot write \(target.path): \(String(cString: strerror(errno)))")
        }
    }
}

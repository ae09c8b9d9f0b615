import Logging
import NIOSSL
import ServiceLifecycle
import Synchronization

/// The TLS context new connections get, read again when the files change, so a renewed certificate is served
/// without a restart (connections already open keep the one they started with). A renewal that cannot be read —
/// half-written, a key for another certificate — is logged and the last good pair kept.
public final class ReloadingTLSContext: Sendable {
    public let files: TLSCertificateFiles
    private let state: Mutex<(loaded: LoadedCertificate, stamp: [String])>
    private let logger: Logger

    /// Reads the files now; throws when they cannot serve (the server should not start on them).
    public init(files: TLSCertificateFiles, logger: Logger) throws {
        self.files = files
        self.logger = logger
        let stamp = files.stamp()
        let loaded = try files.load()
        state = Mutex((loaded, stamp))
        logger.info("HTTPS with the certificate for \(loaded.names), valid until \(loaded.notValidAfter) (SHA-256 \(loaded.fingerprint))")
    }

    /// Watches the files while the server runs (every few seconds, and at once on SIGHUP).
    public var reloader: some Service { TLSReloadService(context: self) }

    var current: NIOSSLContext { state.withLock { $0.loaded.context } }

    /// Reads the files again if they changed since the last look (or always, when `force`: SIGHUP).
    /// Answers whether a new certificate is now served.
    @discardableResult
    public func reloadIfChanged(force: Bool = false) -> Bool {
        let stamp = files.stamp()
        guard force || stamp != state.withLock({ $0.stamp }) else { return false }
        do {
            let loaded = try files.load()
            state.withLock { $0 = (loaded, stamp) }
            logger.notice("Reloaded the HTTPS certificate for \(loaded.names), valid until \(loaded.notValidAfter) (SHA-256 \(loaded.fingerprint))")
            return true
        } catch {
            // Remember the stamp, so a broken pair is logged once, not every few seconds; a fix changes it again.
            state.withLock { $0.stamp = stamp }
            logger.error("Kept the previous HTTPS certificate: \(error)")
            return false
        }
    }
}

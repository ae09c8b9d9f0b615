import Logging
import ServiceLifecycle

/// Keeps the server certificate right while the server runs: renews it when an address appears (a laptop moved to
/// another network) or when a month of validity is left. `ReloadingTLSContext` then serves the new files.
public struct LocalCertificateRenewal: Service {
    let files: LocalAuthorityFiles
    let logger: Logger
    var interval: Duration = .seconds(60)

    public init(files: LocalAuthorityFiles, logger: Logger) {
        self.files = files
        self.logger = logger
    }

    public func run() async throws {
        try await cancelWhenGracefulShutdown { try await renewWhileRunning() }
    }

    private func renewWhileRunning() async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            do {
                let names = HostNames.served()
                if let reason = try files.ensureServerCertificate(for: names, hostname: HostNames.hostname) {
                    logger.notice("Issued a new HTTPS certificate (\(reason.rawValue)) for \(names)")
                }
            } catch {
                logger.error("Could not renew the HTTPS certificate: \(error)")
            }
        }
    }
}

import ArgumentParser
import CadenceCore
import Foundation
import Hummingbird
import Logging
import Media
import PlatformService
import Server
import ServiceLifecycle
import SpotsWeb
import Storage

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: Terminal.messages("cli.help.serve.abstract"))

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.serve.host"))) var host: String = "127.0.0.1"
    @Option(help: ArgumentHelp(Terminal.messages("cli.help.serve.port"))) var port: Int = 8080
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.public_url"),
        valueName: "url"))
    var publicURL: String?

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.smtp_url"),
        valueName: "url"))
    var smtpURL: String?

    @Option(name: .customLong("smtp-ca-file"), help: ArgumentHelp(
        Terminal.messages("cli.help.serve.smtp_ca_file"),
        valueName: "path"))
    var smtpCAFile: String?

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.serve.bcrypt_cost"))) var bcryptCost: Int = 12

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.header_timeout"),
        valueName: "seconds"))
    var headerTimeout: Double = ConnectionLimits.seconds(ConnectionLimits.standard.headerTimeout)

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.idle_timeout"),
        valueName: "seconds"))
    var idleTimeout: Double = ConnectionLimits.seconds(ConnectionLimits.standard.idleTimeout)

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.max_connections_per_address"),
        valueName: "n"))
    var maxConnectionsPerAddress: Int = ConnectionLimits.standard.connectionsPerAddress ?? 0

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.media_cache"),
        valueName: "MB"))
    var mediaCache: Int = DatabaseMediaStore.defaultCacheBytes >> 20

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.map_tiles"),
        valueName: "tiles"))
    var mapTiles: String?

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.location_retention"),
        valueName: "days"))
    var locationRetention: Int = 30

    @Flag(help: ArgumentHelp(
        Terminal.messages("cli.help.serve.allow_local_push_services")))
    var allowLocalPushServices = false

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(Terminal.messages("cli.help.serve.tls_cert"), valueName: "file"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp(Terminal.messages("cli.help.serve.tls_key"), valueName: "file"))
    var tlsKey: String?

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.serve.https"), valueName: "local"))
    var https: String?

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.serve.http_port"), valueName: "port"))
    var httpPort: Int?

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(Terminal.messages("cli.help.serve.trusted_proxy"), valueName: "cidr"))
    var trustedProxy: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(Terminal.messages("cli.serve.port", ["value": String(port)])) }
        guard (10...15).contains(bcryptCost) else {
            throw ValidationError(Terminal.messages("cli.serve.bcrypt_cost", ["value": String(bcryptCost)]))
        }
        for (flag, seconds) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)]
        where !(seconds > 0 && seconds <= 86400) {
            throw ValidationError(Terminal.messages("cli.serve.timeout", ["flag": flag, "value": "\(seconds)"]))
        }
        guard (1...3650).contains(locationRetention) else {
            throw ValidationError(Terminal.messages("cli.serve.location_retention", ["value": String(locationRetention)]))
        }
        guard (0...65536).contains(mediaCache) else {
            throw ValidationError(Terminal.messages("cli.serve.media_cache", ["value": String(mediaCache)]))
        }
        guard maxConnectionsPerAddress >= 0 else {
            throw ValidationError(Terminal.messages("cli.serve.max_connections", ["value": String(maxConnectionsPerAddress)]))
        }
        if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError(Terminal.messages("cli.serve.tls_pair")) }
        if let https, https != "local" { throw ValidationError(Terminal.messages("cli.serve.https", ["value": https])) }
        if https != nil, tlsCertificate != nil { throw ValidationError(Terminal.messages("cli.serve.https_and_files")) }
        if let httpPort {
            guard https != nil || tlsCertificate != nil else { throw ValidationError(Terminal.messages("cli.serve.http_port_alone")) }
            guard (1...65535).contains(httpPort), httpPort != port else {
                throw ValidationError(Terminal.messages("cli.serve.http_port", ["value": String(httpPort)]))
            }
        }
        _ = try trustedProxies()
        let environment = ProcessInfo.processInfo.environment
        if let url = publicURL ?? environment["CADENCE_PUBLIC_URL"], !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError(Terminal.messages("cli.serve.public_url", ["value": url]))
        }
    }

    func run() async throws {
        let logger = CLILogger.make()
        BootTrace.mark("serve: arguments read")
        let environment = ProcessInfo.processInfo.environment
        let mailer: any Mailer
        if let smtp = smtpURL ?? environment["CADENCE_SMTP_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let caFile = smtpCAFile ?? environment["CADENCE_SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            do { mailer = try SMTPMailer(url: smtp, trustedCertificatesFile: caFile) } catch { throw ValidationError("\(error)") }
        } else if smtpCAFile != nil {
            throw ValidationError(Terminal.messages("cli.serve.smtp_ca_file"))
        } else {
            mailer = LogMailer(logger: logger)
        }
        let tilesText = mapTiles ?? environment["CADENCE_MAP_TILES"].flatMap { $0.isEmpty ? nil : $0 } ?? "osm"
        guard let tiles = MapTiles.parse(tilesText) else {
            throw ValidationError(Terminal.messages("cli.serve.map_tiles", ["value": tilesText]))
        }
        let (tls, tlsServices) = try httpsContext(logger: logger)
        let scheme = tls == nil ? "http" : "https"
        let database = try await databaseOptions.openMigrated(logger: logger)
        BootTrace.mark("database open and migrated")
        let configuredURL = publicURL ?? environment["CADENCE_PUBLIC_URL"]
        var dependencies = ServerDependencies(
            database: database, mailer: mailer, passwordHasher: PasswordHasher(cost: UInt8(bcryptCost)),
            publicURL: configuredURL ?? defaultPublicURL(scheme: scheme),
            dataDirectory: databaseOptions.dataDirectory, mapTiles: tiles, logger: logger)
        if allowLocalPushServices { dependencies.pushEndpoints = .allowLocal }
        dependencies.media = try databaseOptions.mediaStore(database: database, cacheBytes: mediaCache << 20)
        dependencies.locationRetention = TimeInterval(locationRetention) * 86400
        dependencies.trustedProxies = try trustedProxies()
        if tls != nil {
            dependencies.https = HTTPSSetup(
                authority: https == "local" ? LocalAuthorityFiles(dataDirectory: databaseOptions.dataDirectory) : nil,
                httpsPort: port, httpPort: httpPort)
        }
        dependencies.connectionLimits = ConnectionLimits(
            headerTimeoutSeconds: headerTimeout, idleTimeoutSeconds: idleTimeout, connectionsPerAddress: maxConnectionsPerAddress)
        let host = self.host
        let mediaLabel = dependencies.media.label
        let reach = reachFromPhone(httpsPort: port)
        let app = try await buildApplication(dependencies, host: host, port: port, tls: tls, services: tlsServices) { boundPort in
            BootTrace.mark("listening")
            // Written straight to the descriptor: scripts wait for this line, and print() may sit in a buffer.
            let line = Terminal.messages("cli.serve.serving", [
                "url": configuredURL ?? "\(scheme)://\(host):\(boundPort)", "engine": database.engine.rawValue, "media": mediaLabel,
            ]) + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            if let reach { FileHandle.standardOutput.write(Data(reach.utf8)) }
        }
        BootTrace.mark("application built")
        do {
            // Hummingbird's `runService()`, but naming the application rather than letting ServiceLifecycle describe it
            // (a reflection of the whole router: tens of milliseconds of every start).
            try await ServiceGroup(configuration: ServiceGroupConfiguration(
                services: [.init(service: app, serviceName: "Cadence")], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)).run()
        } catch is CancellationError {
            // SIGTERM or SIGINT: a graceful stop, not a failure.
        } catch {
            try? await database.shutdown()
            throw CLIError(key: "cli.serve.stopped", ["error": "\(error)"])
        }
        try await database.shutdown()
    }

    /// `--trusted-proxy` values, each an address or a block, repeated or comma-separated.
    private func trustedProxies() throws -> TrustedProxies {
        let written = trustedProxy.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return TrustedProxies(try written.map { text in
            guard let range = IPAddressRange(text) else {
                throw ValidationError(Terminal.messages("cli.serve.trusted_proxy", ["value": text]))
            }
            return range
        })
    }

    /// The TLS context to serve with, and the services that keep its certificate current: the files given, or
    /// Cadence's own authority's (`--https local`), or none for plain HTTP.
    private func httpsContext(logger: Logger) throws -> (ReloadingTLSContext?, [any Service]) {
        do {
            if let tlsCertificate, let tlsKey {
                let tls = try ReloadingTLSContext(files: TLSCertificateFiles(certificatePath: tlsCertificate, keyPath: tlsKey), logger: logger)
                return (tls, [tls.reloader])
            }
            guard https == "local" else { return (nil, []) }
            let authority = LocalAuthorityFiles(dataDirectory: databaseOptions.dataDirectory)
            try authority.ensureServerCertificate(for: HostNames.served(), hostname: HostNames.hostname)
            let tls = try ReloadingTLSContext(files: authority.serverFiles, logger: logger)
            return (tls, [tls.reloader, LocalCertificateRenewal(files: authority, logger: logger)])
        } catch {
            throw CLIError(key: "cli.serve.tls_files", ["error": "\(error)"])
        }
    }

    /// With Cadence's own authority: the addresses a phone on this network opens, the root's fingerprint to compare
    /// with the trust page's, and a QR code of the trust page's address.
    private func reachFromPhone(httpsPort: Int) -> String? {
        guard https == "local", let root = try? LocalAuthorityFiles(dataDirectory: databaseOptions.dataDirectory).readAuthority() else {
            return nil
        }
        var lines: [String] = []
        if host == "127.0.0.1" || host == "localhost" || host == "::1" {
            lines.append(Terminal.messages("cli.serve.reach.loopback_only"))
        } else {
            let served = HostNames.served()
            let networkAddresses = served.addresses.filter { address in
                !(IPAddressRange("127.0.0.0/8")!.contains(address) || address == "::1" || IPAddressRange("fe80::/10")!.contains(address))
            }
            let hosts = networkAddresses.map { $0.contains(":") ? "[\($0)]" : $0 } + served.dnsNames.filter { $0.hasSuffix(".local") }
            let trustURLs = hosts.map { host in httpPort.map { "http://\(host):\($0)/trust" } ?? "https://\(host):\(httpsPort)/trust" }
            lines.append(Terminal.messages("cli.serve.reach.heading"))
            lines += trustURLs.map { "  \($0)" }
            if let first = trustURLs.first, let code = TerminalQRCode.lines(for: first) { lines += code }
        }
        lines.append(Terminal.messages("cli.serve.reach.fingerprint", ["fingerprint": (try? root.certificate.sha256Fingerprint) ?? "?"]))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where people reach Cadence when `--public-url` does not say: this host by its `.local` name when it serves the
    /// network with its own authority (that name is in the certificate, and phones resolve it), else the address given.
    private func defaultPublicURL(scheme: String) -> String {
        let listensEverywhere = host == "0.0.0.0" || host == "::"
        let name = https == "local" && listensEverywhere ? "\(HostNames.hostname.split(separator: ".").first ?? "localhost").local"
            : listensEverywhere ? "localhost" : host
        return "\(scheme)://\(name):\(port)"
    }
}

import ArgumentParser
import CadenceCore
import Foundation
import Hummingbird
import Logging
import PlatformService
import Server
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
        guard maxConnectionsPerAddress >= 0 else {
            throw ValidationError(Terminal.messages("cli.serve.max_connections", ["value": String(maxConnectionsPerAddress)]))
        }
        let environment = ProcessInfo.processInfo.environment
        if let url = publicURL ?? environment["CADENCE_PUBLIC_URL"], !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError(Terminal.messages("cli.serve.public_url", ["value": url]))
        }
    }

    func run() async throws {
        let logger = CLILogger.make()
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
        let database = try await databaseOptions.openMigrated(logger: logger)
        let configuredURL = publicURL ?? environment["CADENCE_PUBLIC_URL"]
        var dependencies = ServerDependencies(
            database: database, mailer: mailer, passwordHasher: PasswordHasher(cost: UInt8(bcryptCost)),
            publicURL: configuredURL ?? "http://\(host == "0.0.0.0" ? "localhost" : host):\(port)",
            dataDirectory: databaseOptions.dataDirectory, mapTiles: tiles, logger: logger)
        if allowLocalPushServices { dependencies.pushEndpoints = .allowLocal }
        dependencies.media = try databaseOptions.mediaStore(database: database)
        dependencies.locationRetention = TimeInterval(locationRetention) * 86400
        dependencies.connectionLimits = ConnectionLimits(
            headerTimeoutSeconds: headerTimeout, idleTimeoutSeconds: idleTimeout, connectionsPerAddress: maxConnectionsPerAddress)
        let host = self.host
        let mediaLabel = dependencies.media.label
        let app = try await buildApplication(dependencies, host: host, port: port) { boundPort in
            // Written straight to the descriptor: scripts wait for this line, and print() may sit in a buffer.
            let line = Terminal.messages("cli.serve.serving", [
                "url": configuredURL ?? "http://\(host):\(boundPort)", "engine": database.engine.rawValue, "media": mediaLabel,
            ]) + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        do {
            try await app.runService()
        } catch is CancellationError {
            // SIGTERM or SIGINT: a graceful stop, not a failure.
        } catch {
            try? await database.shutdown()
            throw CLIError(key: "cli.serve.stopped", ["error": "\(error)"])
        }
        try await database.shutdown()
    }
}

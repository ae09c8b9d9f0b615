import ArgumentParser
import CadenceCore
import Foundation
import LocalCA
import Server
import X509

/// `cadence https status`: what Cadence's own certificate authority (`serve --https local`) holds — the root a
/// phone trusts, and the certificate the server presents — with fingerprints to compare with the trust page's.
struct HTTPSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "https", abstract: Terminal.messages("cli.help.https.abstract"), subcommands: [Status.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: Terminal.messages("cli.help.https.status.abstract"))

        @Option(help: ArgumentHelp(Terminal.messages("cli.help.database.data_dir"), valueName: "path"))
        var dataDir: String = "./cadence-data"

        func run() async throws {
            let files = LocalAuthorityFiles(dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true))
            let root: IssuedCertificate?
            let server: IssuedCertificate?
            do {
                root = try files.readAuthority()
                server = try files.readServer()
            } catch {
                throw CLIError(key: "cli.https.unreadable", ["error": "\(error)"])
            }
            guard let root else { throw CLIError(key: "cli.https.none", ["path": files.directory.path]) }
            var lines = [Terminal.messages("cli.https.authority", [
                "name": root.certificate.subject.description, "fingerprint": try root.certificate.sha256Fingerprint,
                "until": Self.day(root.certificate.notValidAfter), "path": files.directory.appendingPathComponent("ca.pem").path,
            ])]
            if let constraints = try root.certificate.extensions.nameConstraints {
                let ranges = constraints.permittedIPRanges.map { octets -> String in
                    let bytes = Array(octets.bytes)
                    let half = bytes.count / 2
                    let prefix = bytes[half...].reduce(0) { $0 + $1.nonzeroBitCount }
                    return "\(IPAddressText.text(Array(bytes[..<half])) ?? "?")/\(prefix)"
                }
                lines.append(Terminal.messages("cli.https.constraints", [
                    "names": Array(constraints.permittedDNSDomains).joined(separator: ", "), "ranges": ranges.joined(separator: ", "),
                ]))
            }
            if let server {
                let names = (try? ServedNames(certificate: server.certificate))?.description ?? ""
                lines.append(Terminal.messages("cli.https.server", [
                    "names": names, "fingerprint": try server.certificate.sha256Fingerprint,
                    "until": Self.day(server.certificate.notValidAfter),
                ]))
            } else {
                lines.append(Terminal.messages("cli.https.no_server"))
            }
            print(lines.joined(separator: "\n"))
        }

        static func day(_ date: Date) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: date)
        }
    }
}

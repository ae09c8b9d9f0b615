import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import PlatformWeb
import Web

/// `GET /api/v1/account/export` ("Export my data" on the account page): everything the person owns as one ZIP,
/// in the formats other programs read, with a README saying what each file is. Streamed: files are read as they
/// are sent, so memory stays flat whatever the account holds.
struct AccountExportController {
    let exporters: [any AccountExporting]
    let scratch: URL

    func addRoutes(to api: APIGroups) {
        api.person.get("export", use: export)
    }

    @Sendable func export(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let folder = scratch.appendingPathComponent("export-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cleanup: @Sendable () -> Void = { try? FileManager.default.removeItem(at: folder) }
        // The folder holds the packages made for this export; the body removes it once sent, or this does on a failure.
        let body: ResponseBody
        do {
            var files = [
                ExportFile("README.txt", .data(Data(readme(for: account).utf8))),
                ExportFile("account.json", .data(try ExportJSON.encode(AccountBody(account)))),
            ]
            for exporter in exporters { files += try await exporter.exportFiles(accountID: account.id, scratch: folder) }
            body = try ExportArchive.body(files, cleanup: cleanup)
        } catch {
            cleanup()
            throw error
        }
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        return Response(status: .ok, headers: [
            .contentType: "application/zip", .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"cadence-export-\(day).zip\"",
        ], body: body)
    }

    func readme(for account: Account) -> String {
        """
        Everything of \(account.email) in Cadence, exported \(ISO8601DateFormatter().string(from: Date())).

        account.json      Your name, address, when the account was made, and your language and units.
        \(exporters.map(\.exportReadme).joined(separator: "\n"))

        Times are UTC unless a file says otherwise. Nothing here is needed to use Cadence again: install the Stage
        packages and import the reminders, runs and songs into any Cadence account, or open them in other programs.

        """
    }
}

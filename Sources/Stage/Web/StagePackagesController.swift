import CadenceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Stage
import Web
import StageService

/// `/api/v1/stage/series/{id}/package` and `/api/v1/stage/packages`: a series exported as a `.cadence` package, and
/// installed from one (`StagePackages`).
struct StagePackagesController {
    let packages: StagePackages
    let catalogue: StageCatalogue
    let workDirectory: URL

    func addRoutes(to api: APIGroups) {
        api.person.get("series/:id/package", use: exportPlain)
        api.person.post("series/:id/package", use: exportWithOptions)
        api.person.post("packages", use: install)
    }

    struct ExportInput: Decodable {
        let password: String?
    }

    @Sendable func exportPlain(request: Request, context: SignedInContext) async throws -> Response {
        try await export(password: nil, context: context)
    }

    /// `{"password": "…"}` (at least 8 characters) protects the package; without it, as GET.
    @Sendable func exportWithOptions(request: Request, context: SignedInContext) async throws -> Response {
        let hasBody = (request.headers[.contentLength].flatMap(Int.init) ?? 0) > 0
        let input = hasBody ? try await request.decode(as: ExportInput.self, context: context) : ExportInput(password: nil)
        return try await export(password: input.password, context: context)
    }

    private func export(password: String?, context: SignedInContext) async throws -> Response {
        let file = workDirectory.appendingPathComponent("export-\(UUID().uuidString).cadence")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: file) }
        let title = try await packages.export(seriesID: try context.parameters.requireID("id"), password: password,
                                              accountID: context.identity.account.id, to: file)
        return Response(status: .ok, headers: [
            .contentType: "application/vnd.cadence.package",
            .contentDisposition: "attachment; filename=\"\(StageHandouts.filename(title).replacingOccurrences(of: "-handout.pdf", with: "")).cadence\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: try Data(contentsOf: file))))
    }

    /// The package as the raw body; its password, if it has one, in `X-Package-Password`. With
    /// `?catalogueId=` the bytes must be that catalogue package's, and the install is recorded against it.
    @Sendable func install(request: Request, context: SignedInContext) async throws -> EditedResponse<InstalledBody> {
        let account = context.identity.account
        let fromCatalogue = try await catalogueEntry(request, accountID: account.id)
        let work = workDirectory.appendingPathComponent("install-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let upload = work.appendingPathComponent("upload.cadence")
        try await StageImportController.receive(request, into: upload, context: context)
        let installed = try await packages.install(upload, password: request.headers[.packagePassword], work: work, fromCatalogue: fromCatalogue,
                                                   accountID: account.id)
        return EditedResponse(status: .created, response: InstalledBody(seriesId: installed.seriesID, title: installed.title,
                                                                        talks: installed.talks, slides: installed.slides))
    }

    private func catalogueEntry(_ request: Request, accountID: UUID) async throws -> StageCatalogue.Item? {
        guard let id = request.uri.queryParameters["catalogueId"].map(String.init), !id.isEmpty else { return nil }
        guard let item = try await catalogue.item(id: id, accountID: accountID) else {
            throw APIError.invalid(field: "catalogueId", "No package in the catalogue has that id.")
        }
        guard !item.locked else {
            throw APIError(.forbidden, code: "locked", "This series needs an activation code before it can be installed.", key: "stage.error.locked_install")
        }
        return item
    }

    struct InstalledBody: JSONResponse {
        let seriesId: UUID
        let title: String
        let talks: Int
        let slides: Int
    }
}

extension HTTPField.Name {
    static let packagePassword = Self("X-Package-Password")!
}

import CadenceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Stage
import StagePackage
import Web
import StageService

/// `.cadence` packages (S7, S8): a series exported with its media and the SHA-256 of every file
/// (optionally under a password), and installed from one. An install is verified whole in a
/// staging folder before anything is kept, and stored in one transaction: a corrupt, truncated
/// or tampered package, or a wrong password, leaves nothing behind.
struct StagePackagesController {
    let library: StageLibrary
    let workDirectory: URL
    let keyCost: KDFParameters
    let clock: any WallClock
    /// Set when packages can come from the server's catalogue (`?catalogueId=`).
    var catalogue: StageCatalogue? = nil


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
        if let password = input.password, password.count < 8 {
            throw APIError.invalid(field: "password", "A package password has at least 8 characters.")
        }
        return try await export(password: input.password, context: context)
    }

    private func export(password: String?, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let seriesID = try context.parameters.requireID("id")
        let (series, talks, assets) = try await library.contents(ofSeries: seriesID, accountID: account.id)
        let packaged = PackagedSeries(series: series, talks: talks, assets: assets)
        let content = try JSONEncoder().encode(packaged)
        let media = zip(packaged.media, assets).map { PackageMedia(name: $0.name, fileURL: library.files.url(for: $1, accountID: account.id)) }
        let file = workDirectory.appendingPathComponent("export-\(UUID().uuidString).cadence")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try PackageWriter.write(PackageInfo(title: series.title, languages: series.slideLanguages + series.notesLanguages,
                                                    createdAt: clock.now()),
                                        content: content, media: media, password: password, to: file, kdfParameters: keyCost)
        } catch let error as PackageError {
            throw APIError(.conflict, code: "not_exportable", error.message)
        }
        let data = try Data(contentsOf: file)
        return Response(status: .ok, headers: [
            .contentType: "application/vnd.cadence.package",
            .contentDisposition: "attachment; filename=\"\(StageHandouts.filename(series.title).replacingOccurrences(of: "-handout.pdf", with: "")).cadence\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The package as the raw body; its password, if it has one, in `X-Package-Password`. With
    /// `?catalogueId=` the bytes must be that catalogue package's (same SHA-256), and the install
    /// is recorded against it.
    @Sendable func install(request: Request, context: SignedInContext) async throws -> EditedResponse<InstalledBody> {
        let account = context.identity.account
        let fromCatalogue = try await catalogueEntry(request, accountID: account.id)
        let work = workDirectory.appendingPathComponent("install-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let upload = work.appendingPathComponent("upload.cadence")
        try await StageImportController.receive(request, into: upload, context: context)
        let password = request.headers[.packagePassword]
        if let fromCatalogue, (try? PackageDigest.sha256(upload)) != fromCatalogue.record.sha256 {
            throw APIError.invalid(field: "file", "The download does not match the catalogue's checksum (SHA-256): it was damaged or cut off "
                + "on the way. Nothing was installed; download it again.")
        }

        let extracted: ExtractedPackage
        do {
            extracted = try PackageReader.extract(upload, password: password, into: work.appendingPathComponent("staging", isDirectory: true))
        } catch let error as PackageError {
            let field = [PackageError.wrongPassword, .passwordRequired].contains(error) ? "password" : "file"
            throw APIError.invalid(field: field, error.message)
        }
        guard extracted.manifest.kind == .series else {
            throw APIError.invalid(field: "file", "This package holds a \(extracted.manifest.kind.rawValue), not a series.")
        }
        let packaged: PackagedSeries
        do {
            packaged = try JSONDecoder().decode(PackagedSeries.self, from: extracted.content)
        } catch {
            throw APIError.invalid(field: "file", "The package's content could not be read: it was not made by this version of Cadence.")
        }
        guard !packaged.talks.isEmpty else { throw APIError.invalid(field: "file", "The package's series has no talks.") }

        // Media first (files are cheap to remove), then every record in one transaction.
        let seriesID = UUID()
        var stored: [MediaAsset] = []
        var newMediaID: [UUID: UUID] = [:]
        do {
            for media in packaged.media {
                guard let file = extracted.media[media.name] else {
                    throw APIError.invalid(field: "file", "The package lists a picture it does not contain.")
                }
                let copy = work.appendingPathComponent(UUID().uuidString)
                try FileManager.default.copyItem(at: file, to: copy)  // identical files share one staged copy
                let asset = try library.files.adopt(copy, seriesID: seriesID, contentType: media.contentType, width: media.width,
                                                    height: media.height, durationMs: media.durationMs, origin: .shipped, accountID: account.id)
                stored.append(asset)
                newMediaID[media.id] = asset.id
            }
            let records: (series: Series, talks: [(talk: StageTalk, slides: [Slide])])
            do {
                records = try packaged.records(seriesID: seriesID, newMediaID: newMediaID)
            } catch {
                throw APIError.invalid(field: "file", "The package's series is not valid: \(error.message)")
            }
            try await library.install(records.series, talks: records.talks, assets: stored, accountID: account.id)
            if let fromCatalogue, let catalogue {
                await catalogue.recordInstall(entryID: fromCatalogue.record.id, seriesID: seriesID, accountID: account.id, at: clock.now())
            }
            return EditedResponse(status: .created, response: InstalledBody(seriesId: seriesID, title: records.series.title, talks: records.talks.count,
                                       slides: records.talks.reduce(0) { $0 + $1.slides.count }))
        } catch {
            library.files.remove(stored, accountID: account.id)
            throw error
        }
    }

    private func catalogueEntry(_ request: Request, accountID: UUID) async throws -> StageCatalogue.Item? {
        guard let id = request.uri.queryParameters["catalogueId"].map(String.init), !id.isEmpty else { return nil }
        guard let catalogue, let item = try await catalogue.item(id: id, accountID: accountID) else {
            throw APIError.invalid(field: "catalogueId", "No package in the catalogue has that id.")
        }
        guard !item.locked else {
            throw APIError(.forbidden, code: "locked", "This series needs an activation code before it can be installed.")
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

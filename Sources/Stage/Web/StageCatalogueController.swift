import CadenceCore
import Foundation
import HTTPTypes
import Hummingbird
import Web
import StageService

/// The catalogue over the API (S8): what the server offers with sizes and free space, activation
/// codes, and each package's file with HTTP Range so downloads pause and resume. Installing is the
/// existing `POST /api/v1/stage/packages?catalogueId=…` with the downloaded bytes.
struct StageCatalogueController {
    let catalogue: StageCatalogue
    let clock: any WallClock

    func addRoutes(to api: APIGroups) {
        api.person.get("catalogue", use: list)
        api.person.post("catalogue/activate", use: activate)
        api.person.get("catalogue/:id/file", use: file)
    }

    struct EntryBody: Encodable {
        let id: String
        let title: String
        let languages: [String]
        let bytes: Int64
        let sha256: String
        let passwordProtected: Bool
        let locked: Bool
        let installed: Bool

        init(_ item: StageCatalogue.Item) {
            id = item.record.id
            title = item.record.title
            languages = item.record.languages
            bytes = item.record.bytes
            sha256 = item.record.sha256
            passwordProtected = item.record.passwordProtected
            locked = item.locked
            installed = item.installed
        }
    }

    struct ListBody: JSONResponse {
        let entries: [EntryBody]
        let freeBytes: Int64
        let sort: String
    }

    static func sort(_ request: Request) throws -> StageCatalogue.Sort {
        guard let text = request.uri.queryParameters["sort"].map(String.init) else { return .name }
        guard let sort = StageCatalogue.Sort(rawValue: text) else {
            throw APIError.invalid(field: "sort", "Sort by name or availability.")
        }
        return sort
    }

    @Sendable func list(request: Request, context: SignedInContext) async throws -> ListBody {
        let account = context.identity.account
        let sort = try Self.sort(request)
        let items = try await catalogue.items(accountID: account.id, sort: sort)
        return ListBody(entries: items.map(EntryBody.init), freeBytes: catalogue.freeBytes(), sort: sort.rawValue)
    }

    struct ActivateInput: Decodable {
        let code: String?
    }

    struct UnlockedBody: JSONResponse {
        struct Entry: Encodable {
            let id: String
            let title: String
        }
        let unlocked: [Entry]
    }

    @Sendable func activate(request: Request, context: SignedInContext) async throws -> UnlockedBody {
        let account = context.identity.account
        let input = try await request.decode(as: ActivateInput.self, context: context)
        let records = try await catalogue.activate(code: input.code ?? "", accountID: account.id, now: clock.now())
        return UnlockedBody(unlocked: records.map { .init(id: $0.id, title: $0.title) })
    }

    @Sendable func file(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let id = context.parameters.get("id") ?? ""
        guard let item = try await catalogue.item(id: id, accountID: account.id) else { throw APIError.notFound("catalogue package") }
        guard !item.locked else {
            throw APIError(.forbidden, code: "locked", "This series needs an activation code before it can be downloaded.", key: "stage.error.locked_download")
        }
        let type = "application/vnd.cadence.package"
        var response: Response
        switch catalogue.source(of: item.record) {
        case .file(let url):
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            response = try await RangedFile.response(path: url.path, size: size, contentType: type, etag: item.record.sha256,
                                                     request: request, context: context)
        case .media(let store, let key):
            let size = Int(try await store.info(key)?.byteSize ?? 0)
            response = try await RangedFile.response(media: store, key: key, size: size, contentType: type, etag: item.record.sha256,
                                                     request: request, context: context)
        }
        response.headers[.contentDisposition] = "attachment; filename=\"\(item.record.fileName.replacingOccurrences(of: "\"", with: ""))\""
        return response
    }
}

import CadenceCore
import DeckImport
import Foundation
import Hummingbird
import NIOCore
import Stage
import Web
import StageService

/// `/api/v1/stage/imports` (S7): upload a ZIP of pictures, a PDF or a PPTX; it becomes a
/// talk in a series (`StageImports`). The upload is streamed to disk (bounded) and its format
/// checked at once: a wrong file is a 415 straight away.
struct StageImportController {
    let library: StageLibrary
    let imports: StageImports

    func addRoutes(to api: APIGroups) {
        api.person.post("imports", use: start)
        api.person.get("imports/:id", use: show)
        api.person.post("imports/:id/cancel", use: cancel)
    }

    @Sendable func start(request: Request, context: SignedInContext) async throws -> EditedResponse<ImportJobBody> {
        let account = context.identity.account
        let query = request.uri.queryParameters
        let filename = String(query["filename"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !filename.isEmpty, filename.count <= 255 else {
            throw APIError.invalid(field: "filename", "Say the file's name: ?filename=talk.pptx (at most 255 characters).",
                                   localized: MessageKey("stage.error.filename"))
        }
        // Either an existing series of the account, or a new one made when the import succeeds.
        var target: Series?
        if let text = query["seriesId"].map(String.init), !text.isEmpty {
            guard let id = UUID(uuidString: text) else { throw APIError.notFound("series") }
            target = try await library.series(id, accountID: account.id)
        }
        // Empty means the file's own title; any other title is checked as the series will check it, before the upload.
        var newTitle = query["seriesTitle"].map(String.init)?.trimmingCharacters(in: .whitespaces)
        if let title = newTitle, !title.isEmpty {
            newTitle = try RequiredText.check(title, field: "seriesTitle", maximumLength: Series.maximumTitleLength,
                                              whenEmpty: "Give the series a title.", noun: "A series title", keys: Series.titleKeys)
        }

        let (jobID, workDirectory) = try imports.newWorkDirectory()
        let upload = workDirectory.appendingPathComponent("upload")
        do {
            try await Self.receive(request, into: upload, context: context)
            let job = try await imports.start(jobID, upload: upload, workDirectory: workDirectory, filename: filename, into: target,
                                              newSeriesTitle: newTitle, accountID: account.id)
            return EditedResponse(status: .accepted, response: ImportJobBody(job, messages: request.messages(account: context.identity.account)))
        } catch let error as DeckImportError {
            try? FileManager.default.removeItem(at: workDirectory)
            throw APIError(.unsupportedMediaType, code: "unsupported_file", error.message, field: "file", localized: error.localized)
        } catch {
            try? FileManager.default.removeItem(at: workDirectory)
            throw error
        }
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> ImportJobBody {
        ImportJobBody(try await imports.job(try context.parameters.requireID("id"), accountID: context.identity.account.id),
                      messages: request.messages(account: context.identity.account))
    }

    /// Stops an import that is still running; the job stays readable, so the page can show "cancelled".
    @Sendable func cancel(request: Request, context: SignedInContext) async throws -> EditedResponse<ImportJobBody> {
        EditedResponse(status: .accepted, response: ImportJobBody(try await imports.cancel(try context.parameters.requireID("id"),
                                                                                          accountID: context.identity.account.id),
                                                                  messages: request.messages(account: context.identity.account)))
    }

    // MARK: The work

    /// Writes an upload (the body is the file) to disk as it arrives.
    static func receive(_ request: Request, into file: URL, context: some CadenceContext) async throws {
        try await UploadedBody.save(request, to: file, limit: StageImports.maximumUploadBytes)
    }
}

import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Stage
import Web
import StageService

/// `/api/v1/stage/talks/{id}/variations…` (S5, S6): a talk's variations — list, create from the
/// original or another, rename, delete (never the original), switch (the presenter and the
/// displays follow) — and edit mode's changes to one of them, each made on a named revision so
/// two devices editing at once get a clear conflict (409) instead of losing work. Pictures and
/// videos for "insert" are uploaded to `…/media` first.
struct StageVariationsController {
    let library: StageLibrary
    let variations: StageVariations

    func addRoutes(to api: APIGroups) {
        api.person.get("talks/:id/variations", use: list)
        api.person.post("talks/:id/variations", use: create)
        api.person.get("talks/:id/variations/:variationId", use: show)
        api.person.put("talks/:id/variations/:variationId", use: rename)
        api.person.delete("talks/:id/variations/:variationId", use: delete)
        api.person.post("talks/:id/variations/:variationId/edits", use: edit)
        api.person.put("talks/:id/variations/:variationId/slides/:slideId/notes", use: saveNotes)
        api.person.get("talks/:id/variations/:variationId/export", use: export)
        api.person.post("talks/:id/variations/import", use: importShared)
        api.person.put("talks/:id/variation", use: choose)
        api.person.post("talks/:id/media", use: uploadMedia)
    }

    struct ListBody: JSONResponse {
        let active: UUID
        let variations: [VariationBody]
    }

    @Sendable func list(request: Request, context: SignedInContext) async throws -> ListBody {
        let (active, all) = try await variations.list(talkID: try context.parameters.requireID("id"), accountID: context.identity.account.id)
        return ListBody(active: active, variations: all.map(VariationBody.init))
    }

    struct CreateInput: Decodable {
        let name: String
        /// The variation to start from; absent: the original.
        let from: UUID?
    }

    @Sendable func create(request: Request, context: SignedInContext) async throws -> EditedResponse<VariationBody> {
        let talkID = try context.parameters.requireID("id")
        let input = try await request.decode(as: CreateInput.self, context: context)
        let created = try await variations.create(named: input.name, from: input.from, talkID: talkID, accountID: context.identity.account.id)
        return EditedResponse(status: .created, response: VariationBody(created))
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> TalkBody {
        TalkBody(try await variations.edited(try context.parameters.requireID("variationId"), talkID: try context.parameters.requireID("id"),
                                             accountID: context.identity.account.id))
    }

    struct RenameInput: Decodable {
        let name: String
        let revision: Int
    }

    @Sendable func rename(request: Request, context: SignedInContext) async throws -> VariationBody {
        let (talkID, variationID) = (try context.parameters.requireID("id"), try context.parameters.requireID("variationId"))
        let input = try await request.decode(as: RenameInput.self, context: context)
        return VariationBody(try await variations.rename(variationID, to: input.name, revision: input.revision, talkID: talkID,
                                                         accountID: context.identity.account.id))
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        try await variations.delete(try context.parameters.requireID("variationId"), talkID: try context.parameters.requireID("id"),
                                    accountID: context.identity.account.id)
        return .noContent
    }

    struct ChooseInput: Decodable {
        let id: UUID
    }

    @Sendable func choose(request: Request, context: SignedInContext) async throws -> VariationBody {
        let talkID = try context.parameters.requireID("id")
        let input = try await request.decode(as: ChooseInput.self, context: context)
        return VariationBody(try await variations.choose(input.id, talkID: talkID, accountID: context.identity.account.id))
    }

    // MARK: Edits

    struct EditInput: Decodable {
        let revision: Int
        let op: String
        let slides: [StageController.ArrangementInput.Placement]?
        let slideId: UUID?
        let language: String?
        let text: String?
        let html: String?
        let position: Int?
        let assetId: UUID?

        /// The edit this body asks for; a field the operation needs and lacks is named.
        func edit() throws -> StageVariations.Edit {
            func slideID() throws -> UUID {
                guard let slideId else { throw APIError.invalid(field: "slideId", "Say which slide: slideId.") }
                return slideId
            }
            switch op {
            case "arrange":
                guard let slides else { throw APIError.invalid(field: "slides", "Send the slides in their new order.") }
                return .arrange(slides.map { SlidePlacement(slideID: $0.id, hidden: $0.hidden ?? false) })
            case "notes":
                guard let markup = StageVariationsController.markup(html: html, text: text) else {
                    throw APIError.invalid(field: "text", "Send the notes as text (or html).")
                }
                return .notes(markup: markup, language: language, slideID: try slideID())
            case "restoreNotes":
                return .restoreNotes(slideID: try slideID())
            case "duplicate":
                return .duplicate(slideID: try slideID())
            case "delete":
                return .delete(slideID: try slideID())
            case "insert":
                guard let position else { throw APIError.invalid(field: "position", "Say where: position (0 is before the first slide).") }
                if let assetId { return .insert(.asset(assetId), at: position) }
                guard let slideId else {
                    throw APIError.invalid(field: "slideId", "Say what to insert: an uploaded assetId, or the slideId of a slide from one of your talks.")
                }
                return .insert(.copy(slideID: slideId), at: position)
            case "reset":
                return .reset
            default:
                throw APIError.invalid(field: "op", "The edit is arrange, notes, restoreNotes, insert, duplicate, delete or reset.")
            }
        }
    }

    @Sendable func edit(request: Request, context: SignedInContext) async throws -> TalkBody {
        let (talkID, variationID) = (try context.parameters.requireID("id"), try context.parameters.requireID("variationId"))
        let input = try await request.decode(as: EditInput.self, context: context)
        let (edited, saved) = try await variations.apply(try input.edit(), to: variationID, revision: input.revision, talkID: talkID,
                                                         accountID: context.identity.account.id)
        return TalkBody(edited, variation: saved)
    }

    struct NotesInput: Decodable {
        let revision: Int
        let language: String?
        let text: String?
        let html: String?
    }

    struct NotesSavedBody: JSONResponse {
        let variation: VariationBody
        let slideId: UUID
        /// The slide's notes in every language, as the variation now shows them.
        let notes: [String: String]
    }

    /// One slide's notes (edit mode's autosave): the same change as the `notes` edit, written alone
    /// and answered briefly, so typing in a long talk saves as fast as in a short one.
    @Sendable func saveNotes(request: Request, context: SignedInContext) async throws -> NotesSavedBody {
        let input = try await request.decode(as: NotesInput.self, context: context)
        guard let markup = Self.markup(html: input.html, text: input.text) else {
            throw APIError.invalid(field: "text", "Send the notes as text (or html).")
        }
        let (saved, slide) = try await variations.saveNotes(
            markup, language: input.language, slideID: try context.parameters.requireID("slideId"),
            variationID: try context.parameters.requireID("variationId"), revision: input.revision,
            talkID: try context.parameters.requireID("id"), accountID: context.identity.account.id)
        return NotesSavedBody(variation: VariationBody(saved), slideId: slide.id, notes: slide.notes.values)
    }

    /// Notes as sent: pasted HTML reduced to the safe markup, or typed markup cleaned.
    static func markup(html: String?, text: String?) -> String? {
        html.map(RichNotes.fromHTML) ?? text.map(RichNotes.clean)
    }

    /// A picture or video for "insert", as the raw body (`?filename=` for the message only).
    @Sendable func uploadMedia(request: Request, context: SignedInContext) async throws -> EditedResponse<MediaBody> {
        let talkID = try context.parameters.requireID("id")
        _ = try await library.talk(talkID, accountID: context.identity.account.id)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try await StageImportController.receive(request, into: work, context: context)
        // The name the person knows the file by, for a refusal only (the stored file is named by its asset id).
        let name = request.uri.queryParameters.get("filename").map { String($0.split(separator: "/").last ?? "").prefix(255) }
            .flatMap { $0.isEmpty ? nil : String($0) }
        let asset = try await variations.addMedia(work, name: name, talkID: talkID, accountID: context.identity.account.id)
        return EditedResponse(status: .created, response: MediaBody(assetId: asset.id, contentType: asset.contentType, url: StageLibrary.assetURL(asset.id)))
    }

    struct MediaBody: JSONResponse {
        let assetId: UUID
        let contentType: String
        let url: String
    }

    // MARK: Sharing

    /// The variation as a `.cadence` package of kind "variation".
    @Sendable func export(request: Request, context: SignedInContext) async throws -> Response {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-variation-\(UUID().uuidString).cadence")
        defer { try? FileManager.default.removeItem(at: work) }
        let name = try await variations.export(try context.parameters.requireID("variationId"), talkID: try context.parameters.requireID("id"),
                                               accountID: context.identity.account.id, to: work)
        return Response(status: .ok, headers: [
            .contentType: "application/vnd.cadence.package",
            .contentDisposition: "attachment; filename=\"\(StageHandouts.filename(name).replacingOccurrences(of: "-handout.pdf", with: ""))-variation.cadence\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: try Data(contentsOf: work))))
    }

    struct ImportedBody: JSONResponse {
        /// The state the talk presented before, kept as a variation of its own.
        let saved: VariationBody
        /// The shared variation, now presented.
        let imported: VariationBody
    }

    /// A shared variation (the raw body); what the talk presented until now is kept as a variation of its own.
    @Sendable func importShared(request: Request, context: SignedInContext) async throws -> EditedResponse<ImportedBody> {
        let talkID = try context.parameters.requireID("id")
        _ = try await library.talk(talkID, accountID: context.identity.account.id)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-variation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let upload = work.appendingPathComponent("upload.cadence")
        try await StageImportController.receive(request, into: upload, context: context)
        let (kept, imported) = try await variations.importShared(upload, work: work, talkID: talkID, accountID: context.identity.account.id)
        return EditedResponse(status: .created, response: ImportedBody(saved: VariationBody(kept), imported: VariationBody(imported)))
    }
}

import CadenceCore
import DeckImport
import Foundation
import Hummingbird
import NIOCore
import Stage
import StagePackage
import Web
import StageService

/// `/api/v1/stage/talks/{id}/variations…` (S5, S6): a talk's variations — list, create from the
/// original or another, rename, delete (never the original), switch (the presenter and the
/// displays follow) — and edit mode's changes to one of them, each made on a named revision so
/// two devices editing at once get a clear conflict (409) instead of losing work. Pictures and
/// videos for "insert" are uploaded to `…/media` first.
struct StageVariationsController {
    let library: StageLibrary
    let live: any LiveChannel
    let clock: any WallClock

    var variations: any StageVariationStore { library.variations }

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
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        return ListBody(active: try await variations.activeVariationID(talkID: talkID, accountID: account.id),
                              variations: try await variations.variations(talkID: talkID, accountID: account.id).map(VariationBody.init))
    }

    struct CreateInput: Decodable {
        let name: String
        /// The variation to start from; absent: the original.
        let from: UUID?
    }

    /// Copies the few differences of the variation it starts from; the slides are shared.
    @Sendable func create(request: Request, context: SignedInContext) async throws -> EditedResponse<VariationBody> {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let input = try await request.decode(as: CreateInput.self, context: context)
        guard let source = try await variations.variation(id: input.from ?? talkID, talkID: talkID, accountID: account.id) else {
            throw APIError.invalid(field: "from", "This talk has no such variation to start from.")
        }
        let variation: TalkVariation
        do { variation = try source.copy(named: input.name) } catch { throw APIError.invalid(field: error.field, error.message) }
        guard try await variations.saveVariation(variation, accountID: account.id, at: clock.now()) else { throw APIError.notFound("talk") }
        var saved = variation
        saved.revision = 1
        return EditedResponse(status: .created, response: VariationBody(saved))
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> TalkBody {
        let account = context.identity.account
        return TalkBody(try await requireEdited(context, accountID: account.id))
    }

    struct RenameInput: Decodable {
        let name: String
        let revision: Int
    }

    @Sendable func rename(request: Request, context: SignedInContext) async throws -> VariationBody {
        let account = context.identity.account
        let edited = try await requireEdited(context, accountID: account.id)
        let input = try await request.decode(as: RenameInput.self, context: context)
        var variation = edited.variation
        do {
            variation = try TalkVariation(id: variation.id, talkID: variation.talkID, name: input.name, edits: variation.edits, revision: input.revision)
        } catch { throw APIError.invalid(field: error.field, error.message) }
        return VariationBody(try await library.save(variation, accountID: account.id))
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let id = try context.parameters.requireID("variationId")
        guard id != talkID else { throw APIError.invalid(field: "variationId", "The original cannot be deleted; reset it instead.") }
        let wasPresented = try await variations.activeVariationID(talkID: talkID, accountID: account.id) == id
        guard try await variations.deleteVariation(id: id, talkID: talkID, accountID: account.id) else { throw APIError.notFound("variation") }
        if wasPresented {
            // The talk presents its original again; an open presenter follows, as after a choice.
            try await live.announceStageChoice(TalkVariation.original(of: talkID), accountID: account.id)
        }
        return Response(status: .noContent)
    }

    struct ChooseInput: Decodable {
        let id: UUID
    }

    /// The talk presents this variation from now on; an open presenter hears of it and reloads.
    @Sendable func choose(request: Request, context: SignedInContext) async throws -> VariationBody {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let input = try await request.decode(as: ChooseInput.self, context: context)
        guard let variation = try await variations.variation(id: input.id, talkID: talkID, accountID: account.id) else {
            throw APIError.invalid(field: "id", "This talk has no such variation.")
        }
        try await variations.setActiveVariation(variation.id, talkID: talkID, accountID: account.id)
        try await live.announceStageChoice(variation, accountID: account.id)
        return VariationBody(variation)
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
    }

    @Sendable func edit(request: Request, context: SignedInContext) async throws -> TalkBody {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let variationID = try context.parameters.requireID("variationId")
        let input = try await request.decode(as: EditInput.self, context: context)
        guard let (series, loaded) = try await library.edited(talkID: talkID, accountID: account.id, variationID: variationID) else {
            throw APIError.notFound("variation")
        }
        guard input.revision == loaded.variation.revision else { throw StageLibrary.conflict(currentRevision: loaded.variation.revision) }
        var edited = loaded
        do {
            try await apply(input, to: &edited, series: series, accountID: account.id)
        } catch let error as ValidationError {
            throw APIError.invalid(field: error.field, error.message)
        }
        let saved = try await library.save(edited.variation, accountID: account.id)
        try await live.announceStageEdit(saved, accountID: account.id)
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
        let account = context.identity.account
        let input = try await request.decode(as: NotesInput.self, context: context)
        guard let markup = Self.markup(html: input.html, text: input.text) else {
            throw APIError.invalid(field: "text", "Send the notes as text (or html).")
        }
        let (saved, slide) = try await library.saveNotes(
            markup, language: input.language, slideID: try context.parameters.requireID("slideId"),
            talkID: try context.parameters.requireID("id"), variationID: try context.parameters.requireID("variationId"),
            revision: input.revision, accountID: account.id)
        try await live.announceStageEdit(saved, accountID: account.id)
        return NotesSavedBody(variation: VariationBody(saved), slideId: slide.id, notes: slide.notes.values)
    }

    /// Notes as sent: pasted HTML reduced to the safe markup, or typed markup cleaned.
    static func markup(html: String?, text: String?) -> String? {
        html.map(RichNotes.fromHTML) ?? text.map(RichNotes.clean)
    }

    private func apply(_ input: EditInput, to edited: inout EditedTalk, series: Series, accountID: UUID) async throws {
        func slideID() throws -> UUID {
            guard let id = input.slideId else { throw APIError.invalid(field: "slideId", "Say which slide: slideId.") }
            return id
        }
        switch input.op {
        case "arrange":
            guard let slides = input.slides else { throw APIError.invalid(field: "slides", "Send the slides in their new order.") }
            try edited.rearrange(slides.map { SlidePlacement(slideID: $0.id, hidden: $0.hidden ?? false) })
        case "notes":
            let language = try series.notesLanguage(input.language)
            guard let markup = Self.markup(html: input.html, text: input.text) else { throw APIError.invalid(field: "text", "Send the notes as text (or html).") }
            try edited.setNotes(markup, slideID: try slideID(), language: language)
        case "restoreNotes":
            try edited.restoreNotes(slideID: try slideID())
        case "duplicate":
            _ = try edited.duplicate(slideID: try slideID())
        case "delete":
            let id = try slideID()
            let media = edited.slides[id].map { Array($0.media.values.values) } ?? []
            let assets = try await library.assets(ids: media, accountID: accountID)
            try edited.delete(slideID: id, deletable: assets.allSatisfy { $0.origin == .imported })
        case "insert":
            guard let position = input.position else { throw APIError.invalid(field: "position", "Say where: position (0 is before the first slide).") }
            try edited.insert(try await newSlide(input, series: series, accountID: accountID), at: position)
        case "reset":
            edited.reset()
        default:
            throw APIError.invalid(field: "op", "The edit is arrange, notes, restoreNotes, insert, duplicate, delete or reset.")
        }
    }

    /// A slide for "insert": an uploaded picture or video (`assetId`), or a copy of a slide of
    /// any of the account's talks (`slideId`) with its notes.
    private func newSlide(_ input: EditInput, series: Series, accountID: UUID) async throws -> Slide {
        if let assetID = input.assetId {
            guard let asset = try await library.assets(ids: [assetID], accountID: accountID).first, asset.seriesID == series.id else {
                throw APIError.invalid(field: "assetId", "Upload the picture or video to this talk first (POST …/media).")
            }
            let media = Localized(Dictionary(uniqueKeysWithValues: series.slideLanguages.map { ($0, asset.id) }))
            return try Slide(kind: asset.isVideo ? .video : .image, media: media)
        }
        guard let sourceID = input.slideId, let source = try await library.slide(sourceID, accountID: accountID) else {
            throw APIError.invalid(field: "slideId", "Say what to insert: an uploaded assetId, or the slideId of a slide from one of your talks.")
        }
        return try Slide(kind: source.kind, media: source.media, notes: source.notes, overlays: source.overlays, title: source.title)
    }

    /// A picture or video for "insert", as the raw body (`?filename=` for the message only).
    @Sendable func uploadMedia(request: Request, context: SignedInContext) async throws -> EditedResponse<MediaBody> {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let talk = try await library.talk(talkID, accountID: account.id)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try await StageImportController.receive(request, into: work, context: context)
        let media: SlideMediaProbe.Media
        do { media = try SlideMediaProbe.probe(file: work) } catch {
            throw APIError.invalid(field: "file", "This file \(error.message); insert a PNG or JPEG picture, or an MP4 or WebM video.")
        }
        let asset = try library.files.adopt(work, seriesID: talk.seriesID, contentType: media.contentType, width: media.width,
                                            height: media.height, durationMs: media.durationMs, origin: .imported, accountID: account.id)
        try await library.addAssets([asset], accountID: account.id)
        return EditedResponse(status: .created, response: MediaBody(assetId: asset.id, contentType: asset.contentType, url: StageLibrary.assetURL(asset.id)))
    }

    struct MediaBody: JSONResponse {
        let assetId: UUID
        let contentType: String
        let url: String
    }

    // MARK: Sharing

    /// The variation as a `.cadence` package of kind "variation": order, visibility, notes and
    /// appeal by slide position, without the sharer's own pictures.
    @Sendable func export(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let edited = try await requireEdited(context, accountID: account.id)
        let (order, imported) = try await library.importedSlides(talkID: edited.talk.id, accountID: account.id)
        let shared = SharedVariation(edited, importedOrder: order, importedSlides: imported)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-variation-\(UUID().uuidString).cadence")
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try PackageWriter.write(PackageInfo(kind: .variation, title: "\(shared.talkTitle) — \(shared.name)", languages: [], createdAt: clock.now()),
                                    content: try JSONEncoder().encode(shared), media: [], password: nil, to: work)
        return Response(status: .ok, headers: [
            .contentType: "application/vnd.cadence.package",
            .contentDisposition: "attachment; filename=\"\(StageHandouts.filename(shared.name).replacingOccurrences(of: "-handout.pdf", with: ""))-variation.cadence\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: try Data(contentsOf: work))))
    }

    struct ImportedBody: JSONResponse {
        /// The state the talk presented before, kept as a variation of its own.
        let saved: VariationBody
        /// The shared variation, now presented.
        let imported: VariationBody
    }

    /// A shared variation (the raw body). What the talk presented until now is first kept as a
    /// variation of its own, so nothing is lost; the imported one is then presented.
    @Sendable func importShared(request: Request, context: SignedInContext) async throws -> EditedResponse<ImportedBody> {
        let account = context.identity.account
        let talkID = try await requireTalk(context, accountID: account.id)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-variation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let upload = work.appendingPathComponent("upload.cadence")
        try await StageImportController.receive(request, into: upload, context: context)
        let shared: SharedVariation
        do {
            let extracted = try PackageReader.extract(upload, password: nil, into: work.appendingPathComponent("staging", isDirectory: true))
            guard extracted.manifest.kind == .variation else {
                throw APIError.invalid(field: "file", "This package holds a \(extracted.manifest.kind.rawValue); install it from Packages instead.")
            }
            shared = try JSONDecoder().decode(SharedVariation.self, from: extracted.content)
        } catch let error as PackageError {
            throw APIError.invalid(field: "file", error.message)
        } catch is DecodingError {
            throw APIError.invalid(field: "file", "The variation could not be read: it was not made by this version of Cadence.")
        }
        let (order, imported) = try await library.importedSlides(talkID: talkID, accountID: account.id)
        let edits: TalkEdits
        let incoming: TalkVariation
        do {
            edits = try shared.edits(importedOrder: order, importedSlides: imported)
            incoming = try TalkVariation(talkID: talkID, name: String(shared.name.prefix(TalkVariation.maximumNameLength)), edits: edits)
        } catch {
            throw APIError.invalid(field: error.field, error.message)
        }
        guard let (_, current) = try await library.edited(talkID: talkID, accountID: account.id) else { throw APIError.notFound("talk") }
        let keptName = String("Before \(shared.name)".prefix(TalkVariation.maximumNameLength))
        let kept = try current.variation.copy(named: keptName)
        // The kept state is listed before the imported one (a millisecond earlier, even on a frozen clock).
        let now = clock.now()
        guard try await variations.saveVariation(kept, accountID: account.id, at: now),
              try await variations.saveVariation(incoming, accountID: account.id, at: now.addingTimeInterval(0.001))
        else { throw APIError.notFound("talk") }
        try await variations.setActiveVariation(incoming.id, talkID: talkID, accountID: account.id)
        try await live.announceStageChoice(incoming, accountID: account.id)
        var savedKept = kept, savedIncoming = incoming
        savedKept.revision = 1
        savedIncoming.revision = 1
        return EditedResponse(status: .created, response: ImportedBody(saved: VariationBody(savedKept), imported: VariationBody(savedIncoming)))
    }

    // MARK: Helpers

    private func requireTalk(_ context: some CadenceContext, accountID: UUID) async throws -> UUID {
        let id = try context.parameters.requireID("id")
        _ = try await library.talk(id, accountID: accountID)
        return id
    }

    private func requireEdited(_ context: some CadenceContext, accountID: UUID) async throws -> EditedTalk {
        let talkID = try context.parameters.requireID("id")
        let variationID = try context.parameters.requireID("variationId")
        guard let (_, edited) = try await library.edited(talkID: talkID, accountID: accountID, variationID: variationID) else {
            throw APIError.notFound("variation")
        }
        return edited
    }
}

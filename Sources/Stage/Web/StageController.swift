import CadenceCore
import Foundation
import Hummingbird
import Stage
import Web
import StageService

/// `/api/v1/stage/…` (S1–S4, S9): the library, decks for presenting, what the audience
/// screens show, presentation logs and preferences. Imports live in StageImportController.
struct StageController {
    let library: StageLibrary
    let jobs: any StageJobStore
    let variations: StageVariations
    let screens: StageScreens

    func addRoutes(to api: APIGroups) {
        api.person.get("series", use: listSeries)
        api.person.post("series", use: createSeries)
        api.person.get("series/:id", use: showSeries)
        api.person.patch("series/:id", use: updateSeries)
        api.person.delete("series/:id", use: deleteSeries)
        api.person.get("talks/:id", use: showTalk)
        api.person.get("talks/:id/deck", use: deck)
        api.person.put("talks/:id/arrangement", use: arrange)
        api.person.put("talks/:id/appeal", use: chooseAppeal)
        api.account.get("assets/:id", use: asset)
        api.account.get("screen", use: currentScreen)
        api.person.post("screen", use: show)
        api.person.post("logs", use: saveLog)
        api.person.get("logs", use: listLogs)
        api.person.get("logs/:id", use: downloadLog)
        api.person.get("preferences", use: preferences)
        api.person.put("preferences", use: savePreferences)
    }

    // MARK: Series

    @Sendable func listSeries(request: Request, context: SignedInContext) async throws -> [SeriesBody] {
        let account = context.identity.account
        return try await library.visibleSeries(accountID: account.id).map { SeriesBody($0.series, summary: $0) }
    }

    struct SeriesInput: Decodable {
        let title: String
        let slideLanguages: [String]?
        let notesLanguages: [String]?
    }

    @Sendable func createSeries(request: Request, context: SignedInContext) async throws -> EditedResponse<SeriesBody> {
        let account = context.identity.account
        let input = try await request.decode(as: SeriesInput.self, context: context)
        let series = try await library.createSeries(title: input.title, slideLanguages: input.slideLanguages ?? ["en"],
                                                    notesLanguages: input.notesLanguages ?? ["en"], accountID: account.id)
        return EditedResponse(status: .created, response: SeriesBody(series))
    }

    @Sendable func showSeries(request: Request, context: SignedInContext) async throws -> SeriesDetailBody {
        let account = context.identity.account
        let (series, talks) = try await library.seriesWithTalks(try context.parameters.requireID("id"), accountID: account.id)
        return SeriesDetailBody(series: SeriesBody(series), talks: talks.map(TalkSummaryBody.init))
    }

    struct SeriesChange: Decodable {
        let title: String?
        let slideLanguage: String?
        let notesLanguage: String?
    }

    @Sendable func updateSeries(request: Request, context: SignedInContext) async throws -> SeriesBody {
        let account = context.identity.account
        let id = try context.parameters.requireID("id")
        let change = try await request.decode(as: SeriesChange.self, context: context)
        return SeriesBody(try await library.updateSeries(id, title: change.title, slideLanguage: change.slideLanguage,
                                                         notesLanguage: change.notesLanguage, accountID: account.id))
    }

    @Sendable func deleteSeries(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        try await library.removeSeries(try context.parameters.requireID("id"), accountID: context.account.id)
        return .noContent
    }

    // MARK: Talks

    @Sendable func showTalk(request: Request, context: SignedInContext) async throws -> TalkBody {
        let account = context.identity.account
        guard let (_, edited) = try await library.edited(talkID: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("talk")
        }
        return TalkBody(edited)
    }

    @Sendable func deck(request: Request, context: SignedInContext) async throws -> DeckBody {
        let account = context.identity.account
        let id = try context.parameters.requireID("id")
        return DeckBody(try await library.openDeck(talkID: id, accountID: account.id))
    }

    struct ArrangementInput: Decodable {
        struct Placement: Decodable {
            let id: UUID
            let hidden: Bool?
        }

        let slides: [Placement]
    }

    /// Saves order and visibility in one write (the seed allows 250 ms; we aim for 25).
    @Sendable func arrange(request: Request, context: SignedInContext) async throws -> TalkSummaryBody {
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: ArrangementInput.self, context: context)
        let edited = try await variations.arrangePresented(input.slides.map { SlidePlacement(slideID: $0.id, hidden: $0.hidden ?? false) },
                                                           talkID: id, accountID: context.identity.account.id)
        return TalkSummaryBody(edited.talk)
    }

    struct AppealInput: Decodable {
        let kind: String
        let song: String?
    }

    /// Changes the appeal (`StageVariations.chooseAppeal`).
    @Sendable func chooseAppeal(request: Request, context: SignedInContext) async throws -> TalkSummaryBody {
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: AppealInput.self, context: context)
        guard let kind = AppealKind(rawValue: input.kind) else {
            throw APIError.invalid(field: "kind", "The appeal is vocal, instrumental or text.")
        }
        return TalkSummaryBody(try await variations.chooseAppeal(kind, song: input.song, talkID: id, accountID: context.identity.account.id).talk)
    }

    // MARK: Media

    /// A slide's picture or video, for the presenter and for paired displays. Ranges are
    /// honoured so videos can seek.
    @Sendable func asset(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        let asset = try await library.asset(try context.parameters.requireID("id"), accountID: account.id)
        return try await RangedFile.response(
            media: library.files.media, key: library.files.key(for: asset, accountID: account.id), size: Int(asset.byteSize),
            contentType: asset.contentType, etag: asset.sha256, request: request, context: context)
    }

    // MARK: Audience screens

    @Sendable func currentScreen(request: Request, context: AccountContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: try await screens.current(accountID: context.account.id))))
    }

    struct ScreenInput: Decodable {
        let talkId: UUID
        let slideId: UUID?
        let number: Int?
        let total: Int?
        /// The caption step on a slide with `<C>` markers (0-based).
        let step: Int?
        let blank: Bool?
        let mode: String?
        let ended: Bool?
    }

    /// The presenter moved: every screen of the account is told what to show (`StageScreens`).
    @Sendable func show(request: Request, context: SignedInContext) async throws -> [String: Int64] {
        let input = try await request.decode(as: ScreenInput.self, context: context)
        let mode = try input.mode.map { raw in
            guard let mode = ScreenMode(rawValue: raw) else { throw APIError.invalid(field: "mode", "The mode is mirror or project.") }
            return mode
        }
        let seq = try await screens.show(
            StageScreens.Request(talkID: input.talkId, slideID: input.slideId, number: input.number, total: input.total, step: input.step,
                                 blank: input.blank ?? false, mode: mode, ended: input.ended ?? false),
            accountID: context.identity.account.id)
        return ["seq": seq]
    }

    // MARK: Logs

    struct LogInput: Decodable {
        let talkId: UUID?
        let talkTitle: String
        let startedAt: Int64
        let durationMs: Int64
        let entries: [PresentationLog.Entry]
    }

    /// Keeps the timer's log of a presentation of 20 minutes or more (S4); shorter ones are not kept, and the answer says so.
    @Sendable func saveLog(request: Request, context: SignedInContext) async throws -> EditedResponse<SavedLogBody> {
        let account = context.identity.account
        let input = try await request.decode(as: LogInput.self, context: context)
        let title = try RequiredText.check(input.talkTitle, field: "talkTitle", maximumLength: StageTalk.maximumTitleLength,
                                           whenEmpty: "Say which talk was presented.", noun: "A talk title",
                                           keys: RequiredText.Keys(empty: "stage.error.log_talk_required", nul: StageTalk.titleKeys.nul,
                                                                   tooLong: StageTalk.titleKeys.tooLong))
        let log = try PresentationLog(talkTitle: title, startedAt: input.startedAt, durationMs: input.durationMs, entries: input.entries)
        guard log.isKept else {
            return EditedResponse(status: .ok, response: SavedLogBody(saved: false, id: nil, message: "Presentations under 20 minutes are not kept."))
        }
        let id = UUID()
        try await jobs.saveLog(id: id, talkID: input.talkId, log: log, accountID: account.id)
        return EditedResponse(status: .created, response: SavedLogBody(saved: true, id: id, message: nil))
    }

    struct SavedLogBody: JSONResponse {
        let saved: Bool
        let id: UUID?
        let message: String?
    }

    @Sendable func listLogs(request: Request, context: SignedInContext) async throws -> [LogSummaryBody] {
        let account = context.identity.account
        return try await jobs.logs(accountID: account.id).map {
            LogSummaryBody(id: $0.id, talkTitle: $0.log.talkTitle, startedAt: $0.log.startedAt, durationMs: $0.log.durationMs,
                           slideCount: $0.log.entries.count)
        }
    }

    @Sendable func downloadLog(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        let id = try context.parameters.requireID("id")
        guard let log = try await jobs.log(id: id, accountID: account.id) else { throw APIError.notFound("presentation log") }
        var response = Response.json(log)
        response.headers[.contentDisposition] = "attachment; filename=\"presentation-\(id.uuidString.lowercased().prefix(8)).json\""
        return response
    }

    // MARK: Preferences

    @Sendable func preferences(request: Request, context: SignedInContext) async throws -> PreferencesBody {
        let account = context.identity.account
        return PreferencesBody(try await library.preferences(accountID: account.id))
    }

    struct PreferencesInput: Decodable {
        let advanceMethod: String?
        let screenMode: String?
    }

    /// Saves the preferences sent (one left out stays as it is); each is written on its own, so two
    /// devices never undo each other's.
    @Sendable func savePreferences(request: Request, context: SignedInContext) async throws -> PreferencesBody {
        let account = context.identity.account
        let input = try await request.decode(as: PreferencesInput.self, context: context)
        let method = try input.advanceMethod.map { raw in
            guard let method = AdvanceMethod(rawValue: raw) else {
                throw APIError.invalid(field: "advanceMethod", "Advance with one of: \(AdvanceMethod.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return method
        }
        let mode = try input.screenMode.map { raw in
            guard let mode = ScreenMode(rawValue: raw) else { throw APIError.invalid(field: "screenMode", "The screens mirror or project.") }
            return mode
        }
        return PreferencesBody(try await library.savePreferences(advanceMethod: method, screenMode: mode, accountID: account.id))
    }
}

import CadenceCore
import Foundation
import Hummingbird
import Stage
import Web
import StageService

/// The phone's Stage pages (S1–S4, S9): the Stage home, the series list, the talk picker
/// with its language toolbar, the presenter, import, and settings. The presenter and
/// import pages are driven by small scripts over the JSON API; the rest are plain forms.
struct StagePagesController {
    let library: StageLibrary
    let jobs: any StageJobStore
    let pages: PageRenderer
    let clock: any WallClock
    let handouts: StageHandouts
    let catalogue: StageCatalogue


    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("/phone/stage", use: home)
        router.get("/phone/stage/series", use: seriesList)
        router.get("/phone/stage/series/:id", use: picker)
        router.post("/phone/stage/series/:id/languages", use: chooseLanguages)
        router.get("/phone/stage/series/:id/delete", use: confirmDelete)
        router.post("/phone/stage/series/:id/delete", use: delete)
        router.get("/phone/stage/talks/:id", use: presenter)
        router.get("/phone/stage/talks/:id/edit", use: editor)
        router.post("/phone/stage/talks/:id/handout/email", use: emailHandout)
        router.get("/phone/stage/import", use: importPage)
        router.get("/phone/stage/packages", use: packagesPage)
        router.get("/phone/stage/catalogue", use: cataloguePage)
        router.post("/phone/stage/catalogue/activate", use: activate)
        router.get("/phone/stage/settings", use: settings)
        router.post("/phone/stage/settings", use: saveSettings)
    }

    @Sendable func home(request: Request, context: SignedInContext) async throws -> Response {
        let accountID = context.identity.account.id
        try await library.ensureDemo(accountID: accountID)
        let words = Self.words(request, context)
        return pages.render("stage-home", title: "stage.home.title",
                            page: StageHomePage(lastTalk: try await library.lastTalk(accountID: accountID), words: words),
                            request: request, context: context)
    }

    @Sendable func seriesList(request: Request, context: SignedInContext) async throws -> Response {
        let accountID = context.identity.account.id
        var rows: [(summary: SeriesSummary, cover: String?)] = []
        for summary in try await library.visibleSeries(accountID: accountID) {
            let cover = try await library.cover(ofSeries: summary.series.id, accountID: accountID)
            rows.append((summary, cover.map(StageLibrary.assetURL)))
        }
        return pages.render("stage-series", title: "stage.series.title", page: StageSeriesListPage(rows, words: Self.words(request, context)),
                            request: request, context: context)
    }

    @Sendable func picker(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await ownSeries(identity, context)
        return try await pickerPage(series, identity: identity, request: request, context: context)
    }

    @Sendable func chooseLanguages(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await ownSeries(identity, context)
        let form = context.form
        do {
            _ = try await library.updateSeries(series.id, title: nil, slideLanguage: form["slideLanguage"] ?? "",
                                               notesLanguage: form["notesLanguage"] ?? "", accountID: identity.account.id)
            return PageRenderer.redirect(to: "/phone/stage/series/\(Self.id(series.id))")
        } catch let error as ValidationError {
            let message = APIError.refusal(error)?.message(in: Self.words(request, context).messages) ?? error.message
            return try await pickerPage(series, identity: identity, error: message, request: request, context: context)
        }
    }

    /// Sends the talk's handout to the person's own address and says so on the series page.
    @Sendable func emailHandout(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let talkID = try context.parameters.requireID("id")
        let (talk, series) = try await library.talkInSeries(talkID, accountID: identity.account.id)
        do {
            let words = Self.words(request, context)
            let handout = try await handouts.make(talkID: talkID, accountID: identity.account.id,
                                                  words: StageHandoutController.words(interface: words.messages),
                                                  languageName: StageHandoutController.languageName)
            try await handouts.email(handout, to: identity.account, logger: context.logger)
            let notice = words("stage.picker.handout_sent", ["title": talk.title, "email": identity.account.email])
            return try await pickerPage(series, identity: identity, notice: notice, request: request, context: context)
        } catch {
            guard let refusal = APIError.refusal(error) else { throw error }
            let message = refusal.message(in: Self.words(request, context).messages)
            return try await pickerPage(series, identity: identity, error: message, request: request, context: context)
        }
    }

    @Sendable func confirmDelete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await ownSeries(identity, context)
        let summary = try await library.allSeries(accountID: identity.account.id).first { $0.series.id == series.id }
        let words = Self.words(request, context)
        return pages.render("stage-delete", title: words("stage.delete.title", ["title": series.title]),
                            page: StageDeletePage(series, summary: summary, words: words), request: request, context: context)
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        try await library.removeSeries(try context.parameters.requireID("id"), accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/stage/settings")
    }

    @Sendable func presenter(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let (talk, series) = try await library.talkInSeries(try context.parameters.requireID("id"), accountID: identity.account.id)
        let preferences = try await library.preferences(accountID: identity.account.id)
        return pages.render("stage-present", title: talk.title,
                            page: StagePresenterPage(talk, in: series, preferences: preferences, words: Self.words(request, context)),
                            request: request, context: context)
    }

    /// Edit mode (S5, S6): a shell over the variations API; `?variation=` picks the variation.
    @Sendable func editor(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let (talk, series) = try await library.talkInSeries(try context.parameters.requireID("id"), accountID: identity.account.id)
        let words = Self.words(request, context)
        return pages.render("stage-edit", title: words("stage.edit.title", ["title": talk.title]),
                            page: StageEditorPage(talk, in: series, words: words), request: request, context: context)
    }

    @Sendable func importPage(request: Request, context: SignedInContext) async throws -> Response {
        let series = try await library.allSeries(accountID: context.identity.account.id).filter { !$0.series.isDemo }
        return pages.render("stage-import", title: "stage.import.title",
                            page: StageImportPage(series, maximumUploadBytes: StageImports.maximumUploadBytes, words: Self.words(request, context)),
                            request: request, context: context)
    }

    /// Stage home's "Packages and import": the catalogue and importing your own files.
    @Sendable func packagesPage(request: Request, context: SignedInContext) async throws -> Response {
        return pages.render("stage-packages", title: "stage.packages.title", request: request, context: context)
    }

    /// "Download series" (S8): the catalogue with sizes, free space, locks and downloads.
    @Sendable func cataloguePage(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await cataloguePage(identity, request: request, context: context)
    }

    @Sendable func activate(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        do {
            let unlocked = try await catalogue.activate(code: form["code"] ?? "", accountID: identity.account.id, now: clock.now())
            let names = unlocked.map(\.title).joined(separator: ", ")
            let words = Self.words(request, context)
            let notice = unlocked.isEmpty ? words("stage.catalogue.code_accepted") : words("stage.catalogue.unlocked", ["names": names])
            return try await cataloguePage(identity, notice: notice, request: request, context: context)
        } catch {
            guard let refusal = APIError.refusal(error), refusal.status == .badRequest || refusal.status == .tooManyRequests else {
                throw error
            }
            return try await cataloguePage(identity, error: refusal.message(in: Self.words(request, context).messages), code: form["code"],
                                           request: request, context: context)
        }
    }

    @Sendable func settings(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await settingsPage(identity, request: request, context: context)
    }

    @Sendable func saveSettings(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        let words = Self.words(request, context)
        guard let method = AdvanceMethod(rawValue: form["advanceMethod"] ?? "") else {
            return try await settingsPage(identity, error: words("stage.settings.choose_method"), request: request, context: context)
        }
        _ = try await library.savePreferences(advanceMethod: method, screenMode: nil, accountID: identity.account.id)
        return try await settingsPage(identity, notice: words("stage.settings.saved", ["method": words.advanceMethod(method)]),
                                      request: request, context: context)
    }

    // MARK: Pages

    private func pickerPage(_ series: Series, identity: Identity, error: String? = nil, notice: String? = nil,
                            request: Request, context: SignedInContext) async throws -> Response {
        let (_, talks) = try await library.seriesWithTalks(series.id, accountID: identity.account.id)
        var rows: [(talk: StageTalk, cover: String?)] = []
        for talk in talks {
            let cover = try await library.cover(of: talk, in: series, accountID: identity.account.id)
            rows.append((talk, cover.map(StageLibrary.assetURL)))
        }
        return pages.render("stage-picker", title: series.title,
                            page: StagePickerPage(series, talks: rows, error: error, notice: notice, words: Self.words(request, context)),
                            request: request, context: context)
    }

    private func cataloguePage(_ identity: Identity, error: String? = nil, notice: String? = nil, code: String? = nil,
                               request: Request, context: SignedInContext) async throws -> Response {
        let sort = (try? StageCatalogueController.sort(request)) ?? .name
        let items = try await catalogue.items(accountID: identity.account.id, sort: sort)
        // A smaller download step can be asked for (?chunk=bytes, 1 KiB to 8 MiB): handy on slow links, and for tests.
        let chunk = request.uri.queryParameters["chunk"].flatMap { Int(String($0)) }.map { min(max($0, 1024), 8 << 20) } ?? (1 << 20)
        let page = StageCataloguePage(items, freeBytes: catalogue.freeBytes(), chunk: chunk, sort: sort, error: error, notice: notice, code: code,
                                      words: Self.words(request, context))
        return pages.render("stage-catalogue", title: "stage.catalogue.title", page: page, request: request, context: context)
    }

    private func settingsPage(_ identity: Identity, error: String? = nil, notice: String? = nil, request: Request, context: SignedInContext) async throws -> Response {
        let accountID = identity.account.id
        let page = StageSettingsPage(
            try await library.allSeries(accountID: accountID), preferences: try await library.preferences(accountID: accountID),
            logs: try await jobs.logs(accountID: accountID), error: error, notice: notice, words: Self.words(request, context))
        return pages.render("stage-settings", title: "stage.settings.title", page: page, request: request, context: context)
    }

    private func ownSeries(_ identity: Identity, _ context: SignedInContext) async throws -> Series {
        try await library.series(try context.parameters.requireID("id"), accountID: identity.account.id)
    }

    // MARK: Formatting

    /// The request's catalogue (the account's language, else the browser's), for words made in Swift.
    static func words(_ request: Request, _ context: SignedInContext) -> StageWords {
        StageWords(PageRenderer.messages(for: request, context: context))
    }

    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }


    static func duration(_ ms: Int64) -> String {
        let seconds = ms / 1000
        return seconds >= 3600 ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}

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
        let identity = context.identity
        try await library.ensureDemo(accountID: identity.account.id)
        var data: [String: Any] = [:]
        if let talk = try await library.lastTalk(accountID: identity.account.id) {
            data["lastTalk"] = ["id": Self.id(talk.id), "title": talk.title]
        }
        return pages.render("stage-home", title: "Stage", data, request: request, context: context)
    }

    @Sendable func seriesList(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await library.visibleSeries(accountID: identity.account.id)
        var items: [[String: Any]] = []
        for summary in series {
            var item: [String: Any] = [
                "id": Self.id(summary.series.id), "title": summary.series.title, "isDemo": summary.series.isDemo,
                "detail": "\(Self.count(summary.talkCount, "talk")) · \(Self.count(summary.slideCount, "slide")) · "
                    + "slides in \(Self.languageList(summary.series.slideLanguages))",
            ]
            if let cover = try await library.cover(ofSeries: summary.series.id, accountID: identity.account.id) {
                item["cover"] = StageLibrary.assetURL(cover)
            }
            items.append(item)
        }
        return pages.render("stage-series", title: "Load a talk", ["series": items, "hasSeries": !items.isEmpty],
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
            return try await pickerPage(series, identity: identity, error: error.message, request: request, context: context)
        }
    }

    /// Sends the talk's handout to the person's own address and says so on the series page.
    @Sendable func emailHandout(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let talkID = try context.parameters.requireID("id")
        let (talk, series) = try await library.talkInSeries(talkID, accountID: identity.account.id)
        do {
            let handout = try await handouts.make(talkID: talkID, accountID: identity.account.id)
            try await handouts.email(handout, to: identity.account, logger: context.logger)
            return try await pickerPage(series, identity: identity, notice: "The handout of \(talk.title) was sent to \(identity.account.email).",
                                        request: request, context: context)
        } catch {
            guard let refusal = APIError.refusal(error) else { throw error }
            return try await pickerPage(series, identity: identity, error: refusal.message, request: request, context: context)
        }
    }

    @Sendable func confirmDelete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await ownSeries(identity, context)
        let summary = try await library.allSeries(accountID: identity.account.id).first { $0.series.id == series.id }
        return pages.render("stage-delete", title: "Delete \(series.title)?", [
            "id": Self.id(series.id), "title": series.title,
            "detail": summary.map { "\(Self.count($0.talkCount, "talk")), \(Self.count($0.slideCount, "slide")), \(Self.size($0.bytes))" } ?? "",
        ], request: request, context: context)
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        try await library.removeSeries(try context.parameters.requireID("id"), accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/stage/settings")
    }

    @Sendable func presenter(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let talk = try await library.talk(try context.parameters.requireID("id"), accountID: identity.account.id)
        let preferences = try await library.preferences(accountID: identity.account.id)
        return pages.render("stage-present", title: talk.title, [
            "talkId": Self.id(talk.id), "talkTitle": talk.title, "seriesId": Self.id(talk.seriesID),
            "advanceMethod": preferences.advanceMethod.rawValue, "screenMode": preferences.screenMode.rawValue,
            "mirroring": preferences.screenMode == .mirror, "bodyClass": "page stage presenter-page", "live": true,
            "appealKinds": AppealKind.allCases.map { ["value": $0.rawValue, "label": $0.label] },
        ], request: request, context: context)
    }

    /// Edit mode (S5, S6): a shell over the variations API; `?variation=` picks the variation.
    @Sendable func editor(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let (talk, series) = try await library.talkInSeries(try context.parameters.requireID("id"), accountID: identity.account.id)
        return pages.render("stage-edit", title: "Edit \(talk.title)", [
            "talkId": Self.id(talk.id), "talkTitle": talk.title, "seriesId": Self.id(series.id), "seriesTitle": series.title,
            "slideLanguages": ([series.slideLanguage] + series.slideLanguages).joined(separator: " "),
            "notesLanguage": series.notesLanguage,
        ], request: request, context: context)
    }

    @Sendable func importPage(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let series = try await library.allSeries(accountID: identity.account.id).filter { !$0.series.isDemo }
        return pages.render("stage-import", title: "Import slides", [
            "series": series.map { ["id": Self.id($0.series.id), "title": $0.series.title] }, "hasSeries": !series.isEmpty,
            "maxSize": Self.size(Int64(StageImportController.maximumUploadBytes)),
        ], request: request, context: context)
    }

    /// Stage home's "Packages and import": the catalogue and importing your own files.
    @Sendable func packagesPage(request: Request, context: SignedInContext) async throws -> Response {
        return pages.render("stage-packages", title: "Packages and import", request: request, context: context)
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
            return try await cataloguePage(identity, notice: unlocked.isEmpty ? "Code accepted." : "Unlocked: \(names).",
                                           request: request, context: context)
        } catch {
            guard let refusal = APIError.refusal(error), refusal.status == .badRequest || refusal.status == .tooManyRequests else {
                throw error
            }
            return try await cataloguePage(identity, error: refusal.message, code: form["code"], request: request, context: context)
        }
    }

    @Sendable func settings(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await settingsPage(identity, request: request, context: context)
    }

    @Sendable func saveSettings(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        guard let method = AdvanceMethod(rawValue: form["advanceMethod"] ?? "") else {
            return try await settingsPage(identity, error: "Choose how to advance: buttons, swipe or tapping the sides.",
                                          request: request, context: context)
        }
        _ = try await library.savePreferences(advanceMethod: method, screenMode: nil, accountID: identity.account.id)
        return try await settingsPage(identity, notice: "Saved: \(method.label).", request: request, context: context)
    }

    // MARK: Pages

    private func pickerPage(_ series: Series, identity: Identity, error: String? = nil, notice: String? = nil,
                            request: Request, context: SignedInContext) async throws -> Response {
        let (_, talks) = try await library.seriesWithTalks(series.id, accountID: identity.account.id)
        var talkItems: [[String: Any]] = []
        for talk in talks {
            var item: [String: Any] = [
                "id": Self.id(talk.id), "title": talk.title,
                "detail": "\(Self.count(talk.arrangement.filter { !$0.hidden }.count, "slide"))"
                    + (talk.arrangement.contains(where: \.hidden) ? " · \(talk.arrangement.filter(\.hidden).count) hidden" : ""),
            ]
            if let media = try await library.cover(of: talk, in: series, accountID: identity.account.id) {
                item["cover"] = StageLibrary.assetURL(media)
            }
            talkItems.append(item)
        }
        var data: [String: Any] = [
            "id": Self.id(series.id), "title": series.title, "talks": talkItems, "hasTalks": !talkItems.isEmpty,
            "slideLanguageName": LanguageTag.name(of: series.slideLanguage), "notesLanguageName": LanguageTag.name(of: series.notesLanguage),
            "slideLanguages": series.slideLanguages.map { ["value": $0, "label": LanguageTag.name(of: $0), "selected": $0 == series.slideLanguage] },
            "notesLanguages": series.notesLanguages.map { ["value": $0, "label": LanguageTag.name(of: $0), "selected": $0 == series.notesLanguage] },
        ]
        if let error { data["error"] = error }
        if let notice { data["notice"] = notice }
        return pages.render("stage-picker", title: series.title, data, request: request, context: context)
    }

    private func cataloguePage(_ identity: Identity, error: String? = nil, notice: String? = nil, code: String? = nil,
                               request: Request, context: SignedInContext) async throws -> Response {
        let sort = (try? StageCatalogueController.sort(request)) ?? .name
        let items = try await catalogue.items(accountID: identity.account.id, sort: sort)
        let free = catalogue.freeBytes()
        // A smaller download step can be asked for (?chunk=bytes, 1 KiB to 8 MiB): handy on slow links, and for tests.
        let chunk = request.uri.queryParameters["chunk"].flatMap { Int(String($0)) }.map { min(max($0, 1024), 8 << 20) } ?? (1 << 20)
        var data: [String: Any] = [
            "entries": items.map { item -> [String: Any] in
                [
                    "id": item.record.id, "title": item.record.title, "bytes": item.record.bytes, "sha256": item.record.sha256,
                    "size": Self.size(item.record.bytes), "languages": Self.languageList(item.record.languages),
                    "locked": item.locked, "installed": item.installed, "passwordProtected": item.record.passwordProtected,
                    "tooBig": item.record.bytes > free,
                ]
            },
            "hasEntries": !items.isEmpty, "hasLocked": items.contains(where: \.locked),
            "freeBytes": free, "free": Self.size(free), "chunk": chunk,
            "sortName": sort == .name, "sortAvailability": sort == .availability,
        ]
        if let error { data["error"] = error }
        if let notice { data["notice"] = notice }
        if let code { data["code"] = code }
        return pages.render("stage-catalogue", title: "Download series", data, request: request, context: context)
    }

    private func settingsPage(_ identity: Identity, error: String? = nil, notice: String? = nil, request: Request, context: SignedInContext) async throws -> Response {
        let series = try await library.allSeries(accountID: identity.account.id)
        let preferences = try await library.preferences(accountID: identity.account.id)
        let logs = try await jobs.logs(accountID: identity.account.id)
        var data: [String: Any] = [
            "series": series.map { summary in
                ["id": Self.id(summary.series.id), "title": summary.series.title, "size": Self.size(summary.bytes),
                 "detail": "\(Self.count(summary.talkCount, "talk")), \(Self.count(summary.slideCount, "slide"))"]
            },
            "hasSeries": !series.isEmpty,
            "total": Self.size(series.reduce(0) { $0 + $1.bytes }),
            "methods": AdvanceMethod.allCases.map { ["value": $0.rawValue, "label": $0.label, "checked": $0 == preferences.advanceMethod] },
            "logs": logs.map { entry in
                ["id": Self.id(entry.id), "title": entry.log.talkTitle,
                 "when": Date(millisecondsSince1970: entry.log.startedAt).formatted(date: .abbreviated, time: .shortened),
                 "duration": Self.duration(entry.log.durationMs)]
            },
            "hasLogs": !logs.isEmpty,
        ]
        if let error { data["error"] = error }
        if let notice { data["notice"] = notice }
        return pages.render("stage-settings", title: "Stage settings", data, request: request, context: context)
    }

    private func ownSeries(_ identity: Identity, _ context: SignedInContext) async throws -> Series {
        try await library.series(try context.parameters.requireID("id"), accountID: identity.account.id)
    }

    // MARK: Formatting

    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func languageList(_ tags: [String]) -> String { tags.map(LanguageTag.name(of:)).joined(separator: ", ") }

    static func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }

    static func duration(_ ms: Int64) -> String {
        let seconds = ms / 1000
        return seconds >= 3600 ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}

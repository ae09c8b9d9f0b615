import CadenceCore
import Hummingbird
import Foundation
import Talks
import TalksService
import Tempo
import TempoService
import Web

/// `/phone`: the signed-in home, one card per module. A module that has not
/// arrived yet shows what it will do instead of an empty list.
struct PhoneController {
    let pages: PageRenderer
    let talks: TalkService
    let runs: TempoRuns

    /// The features, each a card whose words are in the catalogue (`phone.module.<id>.name`, `.tagline`, `.empty`).
    static let modules = ["talks", "stage", "tempo", "spots"]

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("/phone", use: home)
    }

    @Sendable func home(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let messages = PageRenderer.messages(for: request, context: context)
        let topics = try await talks.topics(accountID: identity.account.id)
        let tempo = try await tempoItems(accountID: identity.account.id, zone: request.browserZone ?? TimeZone(identifier: "UTC")!,
                                         units: identity.account.units, messages: messages)
        let cards = Self.modules.map { module in
            // Talks lists its first three talks, Tempo the last run and this week; the other cards say what the
            // feature is for until it has content.
            let items = module == "talks" ? topics.prefix(3).map {
                PhoneHomePage.Card.Item(title: $0.title,
                                        detail: messages.plural("phone.talks.cues", count: $0.cues.count, ["duration": CueTime.format($0.duration)]))
            } : module == "tempo" ? tempo : []
            return PhoneHomePage.Card(id: module, name: messages("phone.module.\(module).name"), tagline: messages("phone.module.\(module).tagline"),
                                      href: "/phone/\(module)", items: items, hasItems: !items.isEmpty,
                                      emptyState: items.isEmpty ? messages("phone.module.\(module).empty") : nil)
        }
        let page = PhoneHomePage(greeting: messages("phone.greeting", ["name": identity.account.displayName]), modules: cards)
        return pages.render("phone", title: "phone.title", page: page, request: request, context: context)
    }

    /// The last run (name, distance, time) and this week's distance over its runs (the week in the browser's zone),
    /// in the account's units; none before the first run.
    func tempoItems(accountID: UUID, zone: TimeZone, units: UnitSystem, messages: Messages) async throws -> [PhoneHomePage.Card.Item] {
        guard let last = try await runs.list(accountID: accountID).first(where: { $0.status == .finished }) else { return [] }
        let week = try await runs.progress(accountID: accountID, weeks: 1, timeZone: zone).weeks.last
        let lastDetail = [Self.distance(last.distanceMeters ?? 0, units: units, messages: messages),
                          last.durationMs.map { CueTime.format(Int($0 / 1000)) }]
            .compactMap { $0 }.joined(separator: " · ")
        var items = [PhoneHomePage.Card.Item(title: messages("phone.tempo.last_run", ["name": last.name]), detail: lastDetail)]
        if let week {
            items.append(PhoneHomePage.Card.Item(
                title: messages("phone.tempo.this_week"),
                detail: messages.plural("phone.tempo.week", count: week.runs, ["distance": Self.distance(week.distance, units: units, messages: messages)])))
        }
        return items
    }

    /// "12.34 km" (or miles), with the language's decimal mark.
    static func distance(_ metres: Double, units: UnitSystem, messages: Messages) -> String {
        messages("phone.tempo.distance", ["value": LocaleFormat(language: messages.language).decimal(units.distance(metres: metres), fractionDigits: 2),
                                          "unit": messages(units.distanceUnitKey)])
    }
}

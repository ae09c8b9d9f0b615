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

    struct ModuleCard {
        let id: String
        let name: String
        let tagline: String
        let emptyState: String
    }

    static let modules = [
        ModuleCard(id: "talks", name: "Talks", tagline: "Cue cards on your wrist.",
                   emptyState: "No talks yet. Write a talk's cues here and run them on your watch."),
        ModuleCard(id: "stage", name: "Stage", tagline: "Present on any number of screens.",
                   emptyState: "Import slides from a ZIP, PDF or PowerPoint file, or try the demo series, and drive your audience screens from here."),
        ModuleCard(id: "tempo", name: "Tempo", tagline: "Music that follows your run.",
                   emptyState: "Upload your music to see each song's tempo, build a run from an interval plan, and get a playlist that follows it."),
        ModuleCard(id: "spots", name: "Spots", tagline: "Reminders by place and time.",
                   emptyState: "Pin a reminder to a place or a time; it goes off on your phone and watch."),
    ]

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("/phone", use: home)
    }

    @Sendable func home(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topics = try await talks.topics(accountID: identity.account.id)
        let tempo = try await tempoItems(accountID: identity.account.id, zone: request.browserZone ?? TimeZone(identifier: "UTC")!)
        let cards = Self.modules.map { module in
            // Talks lists its first three talks, Tempo the last run and this week; the other cards say what the
            // feature is for until it has content.
            let items = module.id == "talks" ? topics.prefix(3).map {
                PhoneHomePage.Card.Item(title: $0.title, detail: "\($0.cues.count) cues · \(CueTime.format($0.duration))")
            } : module.id == "tempo" ? tempo : []
            return PhoneHomePage.Card(id: module.id, name: module.name, tagline: module.tagline, href: "/phone/\(module.id)",
                                      items: items, hasItems: !items.isEmpty, emptyState: items.isEmpty ? module.emptyState : nil)
        }
        return pages.render("phone", title: "Home", page: PhoneHomePage(modules: cards), request: request, context: context)
    }

    /// The last run (name, distance, time) and this week's distance over its runs (the week in the browser's zone);
    /// none before the first run.
    func tempoItems(accountID: UUID, zone: TimeZone) async throws -> [PhoneHomePage.Card.Item] {
        guard let last = try await runs.list(accountID: accountID).first(where: { $0.status == .finished }) else { return [] }
        let week = try await runs.progress(accountID: accountID, weeks: 1, timeZone: zone).weeks.last
        let lastDetail = [Self.kilometres(last.distanceMeters ?? 0), last.durationMs.map { CueTime.format(Int($0 / 1000)) }]
            .compactMap { $0 }.joined(separator: " · ")
        var items = [PhoneHomePage.Card.Item(title: "Last run: \(last.name)", detail: lastDetail)]
        if let week {
            items.append(PhoneHomePage.Card.Item(title: "This week", detail: "\(week.runs) run\(week.runs == 1 ? "" : "s") · \(Self.kilometres(week.distance))"))
        }
        return items
    }

    static func kilometres(_ metres: Double) -> String { String(format: "%.2f km", metres / 1000) }
}

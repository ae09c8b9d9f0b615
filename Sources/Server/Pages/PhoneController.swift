import Hummingbird

/// `/phone`: the signed-in home, one card per module. A module that has not
/// arrived yet shows what it will do instead of an empty list.
struct PhoneController {
    let pages: PageRenderer

    struct ModuleCard {
        let id: String
        let name: String
        let tagline: String
        let emptyState: String
    }

    static let modules = [
        ModuleCard(id: "talks", name: "Talks", tagline: "Cue cards on your wrist.",
                   emptyState: "No talks yet. Soon you can write a talk's cues here and run them on your watch."),
        ModuleCard(id: "stage", name: "Stage", tagline: "Present on any number of screens.",
                   emptyState: "No series yet. Soon you can import slides and drive your audience screens from here."),
        ModuleCard(id: "tempo", name: "Tempo", tagline: "Music that follows your run.",
                   emptyState: "No music or workouts yet. Soon your library and running plans will live here."),
        ModuleCard(id: "spots", name: "Spots", tagline: "Reminders by place and time.",
                   emptyState: "No reminders yet. Soon you can pin a reminder to a place or a time here."),
    ]

    func addRoutes(to router: RouterGroup<AppContext>) {
        router.get("/phone", use: home)
    }

    @Sendable func home(request: Request, context: AppContext) async throws -> Response {
        guard context.identity != nil else { return PageRenderer.redirect(to: "/login") }
        let cards = Self.modules.map { ["id": $0.id, "name": $0.name, "tagline": $0.tagline, "emptyState": $0.emptyState] }
        return pages.render("phone", title: "Home", ["modules": cards], request: request, context: context)
    }
}

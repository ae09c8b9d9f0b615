import Mustache

/// What a page template sees: first what every page has (title, CSRF token, who is signed in), then the stored
/// properties of the page's view model, by name. Sections over the model's arrays see their elements' properties.
struct PageValues: MustacheParent {
    /// What the layout needs on every page.
    struct Common {
        struct Person {
            let displayName: String
            let email: String
        }

        let title: String
        let csrf: String
        let signedIn: Person?
        /// The modules' bar (phone) or rail (desktop), for a signed-in person's pages.
        let nav: Navigation?
        /// A watch's or display's own page: the layout leaves out the top bar.
        let devicePage: Bool
        /// What the last post did ("Saved"), shown once as a snackbar.
        let flash: String?
        /// The device role whose web app manifest the page links (`/app/<role>.webmanifest`).
        let manifest: String
        /// The page's language (`<html lang>`).
        let lang: String
        /// The catalogue: `{{t.some.key}}`.
        let t: MessageNode
        /// The `js.` messages as JSON, for page scripts (`i18n.js` reads them).
        let scriptMessages: String
    }

    let common: Common
    let model: Any

    func child(named name: String) -> Any? {
        Self.property(name, of: common) ?? Self.property(name, of: model)
    }

    /// A view model's value for a template name: its own answer when it composes others (`FramedPage`), else its
    /// stored property of that name. An absent optional is no value at all, so `{{#error}}` stays closed.
    static func property(_ name: String, of model: Any) -> Any? {
        if let parent = model as? MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: model).children.first(where: { $0.label == name })?.value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

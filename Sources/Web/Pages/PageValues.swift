import Mustache

/// What a page template sees: first what every page has (title, CSRF token, who is signed in), then the stored
/// properties of the page's view model, by name. Sections over the model's arrays see their elements' properties.
struct PageValues: MustacheParent {
    let common: [String: Any]
    let model: Any

    func child(named name: String) -> Any? {
        if let value = common[name] { return value }
        guard let value = Mirror(reflecting: model).children.first(where: { $0.label == name })?.value else { return nil }
        // An absent optional is no value at all, so `{{#error}}` stays closed.
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

/// A short, human name for the browser or client behind a session ("Chrome on Android"),
/// for lists where a person decides which sessions to revoke.
public enum DeviceName {
    // Order matters: Edge's agent also says Chrome, and Chrome's also says Safari.
    private static let browsers: [(marker: String, name: String)] = [
        ("Edg", "Edge"), ("Firefox", "Firefox"), ("Chrome", "Chrome"), ("Safari", "Safari"),
        ("curl", "curl"), ("python", "Python"), ("cadence-cli", "Cadence CLI"),
    ]
    private static let systems: [(marker: String, name: String)] = [
        ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Mac OS", "Mac"),
        ("Windows", "Windows"), ("Linux", "Linux"),
    ]

    /// The browser (or client) and the system an agent names, when it names them.
    public static func parts(userAgent: String) -> (browser: String?, system: String?) {
        (browsers.first { userAgent.contains($0.marker) }?.name, systems.first { userAgent.contains($0.marker) }?.name)
    }

    public static func describe(userAgent: String) -> String {
        describe(userAgent: userAgent, messages: nil)
    }

    /// The name in `messages`' language (`account.sessions.browser_on_system`, `account.sessions.unknown_device`);
    /// English without a catalogue. Product names stay as they are.
    public static func describe(userAgent: String, messages: Messages?) -> String {
        switch parts(userAgent: userAgent) {
        case let (browser?, system?):
            return messages.map { $0("account.sessions.browser_on_system", ["browser": browser, "system": system]) } ?? "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        case (nil, nil):
            if !userAgent.isEmpty { return String(userAgent.prefix(40)) }
            return messages.map { $0("account.sessions.unknown_device") } ?? "Unknown device"
        }
    }
}

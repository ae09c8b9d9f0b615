import Foundation

/// One sentence of what the planner says (an entry's reason, a playlist's warning) as a catalogue key and its values,
/// so a page can say it in the person's language; the English sentence beside it stays for the API and the CLI.
/// Keys are page-script keys without their `js.` prefix (`tempo.music.why.pinned`); numbers are written plainly
/// ("176", "3.5") for the page to put in its own digits.
public struct PlannerNote: Equatable, Sendable, Codable {
    public let key: String
    public let values: [String: String]

    public init(_ key: String, _ values: [String: String] = [:]) {
        self.key = key
        self.values = values
    }
}

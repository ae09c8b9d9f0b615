import CadenceCore
import Foundation
import Tempo

/// The English catalogue (the web layer's, read from the sources): domain tests read a report's notes as the
/// English sentences a person sees, so a wrong key or value shows as a wrong sentence.
enum EnglishNotes {
    static let messages: Messages = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Web/Resources/locales/en.json")
        let entries = try! JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        return Messages.englishOnly(entries)
    }()

    static func say(_ notes: [Note]) -> [String] { notes.map { messages.say($0) } }
    static func say(_ notes: [PlannerNote]) -> [String] { notes.map { messages("js." + $0.key, $0.values) } }
}

extension CleaningReport {
    var notes: [String] { EnglishNotes.say(changeNotes) }
}

extension ImportReport {
    var englishWarnings: [String] { EnglishNotes.say(warningNotes) }
    var englishNotes: [String] { EnglishNotes.say(changeNotes) }
}

extension Playlist {
    var englishWarnings: [String] { EnglishNotes.say(warningNotes ?? []) }
}

extension PlaylistEntry {
    var englishWhy: String { EnglishNotes.say(whyNotes ?? []).joined(separator: " ") }
}

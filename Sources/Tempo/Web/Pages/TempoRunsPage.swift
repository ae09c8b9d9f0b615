import CadenceCore
import Foundation
import TempoService
import Web

/// `/phone/tempo/runs`: the history and its import form, and the profile's weight in the account's units.
struct TempoRunsPage: Sendable {
    let importHint: String
    let weightLabel: String
    let weightMin: String
    let weightMax: String

    init(messages: Messages, units: UnitSystem) {
        // "67.1 MB", "67,1 MB": a file's size in decimal units with the language's decimal mark.
        let maxSize = LocaleFormat(language: messages.language).fileSize(Int64(TempoRuns.maximumImportBytes))
        importHint = messages("tempo.runs.import.hint", ["size": maxSize])
        weightLabel = messages(units == .metric ? "tempo.runs.profile.weight_kg" : "tempo.runs.profile.weight_lb")
        // The profile keeps kilograms (20 to 400); the field shows the same bounds in pounds.
        weightMin = units == .metric ? "20" : "44"
        weightMax = units == .metric ? "400" : "882"
    }
}

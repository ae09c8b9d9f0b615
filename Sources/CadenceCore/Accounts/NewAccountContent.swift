import CadenceCore
import Foundation

/// What a new account starts with, so each module shows how it works (P1). The platform does not know the
/// features; the app hands it this (Talks' ExampleTalk today), and the sign-up pages, the API and the CLI use it.
public protocol NewAccountContent: Sendable {
    /// `words`: the catalogue of the language the person signed up in, so the example speaks it too.
    func create(for account: Account, at now: Date, words: Messages) async throws
}

import Foundation
import TempoService
import Web

/// `/phone/tempo/runs/{id}`: one run's stats and charts, in the account's units ("metric" or "imperial").
struct TempoRunPage: Sendable {
    let runId: String
    let units: String
    /// Splits per mile, headed so.
    let imperial: Bool
}

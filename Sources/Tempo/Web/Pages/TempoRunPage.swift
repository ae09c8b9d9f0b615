import Foundation
import TempoService
import Web

/// `/phone/tempo/runs/{id}`: one run's stats and charts.
struct TempoRunPage: Sendable {
    let runId: String
}

import CadenceCore
import Foundation
import TempoService
import Web

/// The tab bar and body class every phone Tempo page has.
struct TempoFrame: Sendable {
    enum Tab: Sendable { case library, plans, run, runs }

    let bodyClass: String
    let navLibrary: Bool
    let navPlans: Bool
    let navRun: Bool
    let navRuns: Bool
    /// "metric" or "imperial": the account's units, on the tab bar's `data-units` for the page's scripts.
    let units: String

    init(_ tab: Tab, bodyClass: String = "page tempo-page", units: UnitSystem = .metric) {
        self.bodyClass = bodyClass
        navLibrary = tab == .library
        navPlans = tab == .plans
        navRun = tab == .run
        navRuns = tab == .runs
        self.units = units.rawValue
    }

    /// A Tempo page: this frame around what the page itself shows.
    func around<Content: Sendable>(_ content: Content) -> FramedPage<TempoFrame, Content> { FramedPage(self, content) }
}

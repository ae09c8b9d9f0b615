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

    init(_ tab: Tab, bodyClass: String = "page tempo-page") {
        self.bodyClass = bodyClass
        navLibrary = tab == .library
        navPlans = tab == .plans
        navRun = tab == .run
        navRuns = tab == .runs
    }

    /// A Tempo page: this frame around what the page itself shows.
    func around<Content: Sendable>(_ content: Content) -> FramedPage<TempoFrame, Content> { FramedPage(self, content) }
}

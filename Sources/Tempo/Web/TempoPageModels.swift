import Foundation
import TempoService
import Web

// What the Tempo pages show. They are shells that scripts drive over the JSON API, so their models carry little
// more than ids and limits; `TempoFrame` is what they all have (the body class and which tab is current).

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

/// `/phone/tempo`: the music library's filter form and upload limit.
struct TempoLibraryPage: Sendable {
    struct Sort: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let sorts: [Sort]
    let minBpm: String
    let maxBpm: String
    let maxSize = ByteCountFormatter.string(fromByteCount: Int64(TempoLibrary.maximumFileBytes), countStyle: .file)

    init(sort: String, minBpm: String, maxBpm: String) {
        sorts = [("added", "Recently added"), ("bpm", "BPM"), ("title", "Title")].map { Sort(value: $0.0, label: $0.1, selected: $0.0 == sort) }
        self.minBpm = minBpm
        self.maxBpm = maxBpm
    }
}

/// `/phone/tempo/plans/{id}` and `/phone/tempo/playlists/{id}` (a playlist is drawn against its plan).
struct TempoPlanPage: Sendable {
    let planId: String
    let playlistId: String?
}

/// `/phone/tempo/run`: the live run, with the plan and playlist picked beforehand (empty when none).
struct TempoLiveRunPage: Sendable {
    let planId: String
    let playlistId: String
}

/// `/phone/tempo/runs`: the history and its import form.
struct TempoRunsPage: Sendable {
    let maxSize = ByteCountFormatter.string(fromByteCount: Int64(TempoRuns.maximumImportBytes), countStyle: .file)
}

/// `/phone/tempo/runs/{id}`: one run's stats and charts.
struct TempoRunPage: Sendable {
    let runId: String
}

/// `/watch/run`: the run at a glance on a paired watch.
struct TempoWatchRunPage: Sendable {
    let bodyClass = "page device-page tempo-watch-page"
    let deviceName: String
    let deviceId: String
}

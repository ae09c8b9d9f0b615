import CadenceCore
import Foundation
import Talks
import TalksService
import Web

/// `/phone/talks/{id}`: the talk on the watch (cast, run, and controlled from here while it runs), its cues as
/// quick-entry rows, its details and its last ten runs.
struct TalkPage: Sendable {
    struct CueRow: Sendable {
        let cueId: String
        let keyword: String
        let time: String
        /// The refused edit stays open.
        let editing: Bool
        let editKeyword: FieldView
        let editTime: FieldView
        /// "Edit Intro", "Remove Intro": the buttons' names for a screen reader.
        let editLabel: String
        let removeLabel: String
    }

    struct RunRow: Sendable {
        struct Timing: Sendable {
            let keyword: String
            let planned: String
            let actual: String
            let drift: String
        }

        let when: String
        let phase: String
        let timings: [Timing]
    }

    /// What the watch panel offers now (talk-phone.js keeps it live): `uncast` (Cast), `elsewhere` (another talk is
    /// on the watch: Cast this one instead), `ready` (Start), `running` and `paused` (the live card with Pause, Next and
    /// Stop), `finished` (Start again).
    struct WatchPanel: Sendable {
        let state: String
        let runId: String
        /// The talk on the watch when it is another.
        let elsewhereTitle: String?
        /// Casting needs a paired watch and a cue; else why not, with the way to fix it.
        let canCast: Bool
        let needsWatch: Bool
        let needsCue: Bool
        let watchNames: String
        /// The panel's line for a screen reader and the eye (talk-phone.js rewrites it as the run goes on).
        let statusLine: String
    }

    let id: String
    /// The topic's version the page shows (its ETag): an edit of a cue or the details from an older one is refused.
    let version: String
    let topicTitle: String
    /// "5:00 · 4 cues".
    let summary: String
    let cues: [CueRow]
    let hasCues: Bool
    let watch: WatchPanel
    let runs: [RunRow]
    let hasRuns: Bool
    /// The page listens on the live channel (the layout loads live-page.js).
    let live = true
    let newKeyword: FieldView
    /// The next cue's time as proposed (`Topic.proposedNextCueTime`), or as typed in a refused add.
    let newTime: FieldView
    let detailsTitle: FieldView
    let detailsDuration: FieldView
    /// The details form is open when it was the one refused.
    let detailsOpen: Bool
    /// The message of a refusal, said under the field it names (`fieldError`), or at the top when it names none of
    /// the page's fields (an edit from a page that was out of date).
    let error: String?
    let fieldError: String?

    /// `zone`: the person's, for when each run was. `watches`: the account's paired watches.
    init(topic: Topic, cast: CastState, watches: [Device], runs: [StoredRun], now: Int64, refusal: FormRefusal?, messages: Messages,
         zone: TimeZone) {
        let format = LocaleFormat(language: messages.language)
        id = topic.id.uuidString.lowercased()
        version = topic.etag
        topicTitle = topic.title
        summary = messages.plural("talks.list.summary", count: topic.cues.count, ["duration": format.duration(seconds: topic.duration)])
        cues = topic.cues.map { cue in
            return CueRow(
                cueId: cue.id.uuidString.lowercased(), keyword: cue.keyword, time: format.duration(seconds: cue.at),
                editing: refusal?.form == .cue(cue.id),
                editKeyword: FormRefusal.field("keyword", saved: cue.keyword, of: .cue(cue.id), refusal),
                // The field keeps the form it is typed in (m:ss), which CueTime reads back.
                editTime: FormRefusal.field("time", saved: CueTime.format(cue.at), of: .cue(cue.id), refusal),
                editLabel: messages("talks.page.edit_cue", ["keyword": cue.keyword]),
                removeLabel: messages("talks.page.remove_cue", ["keyword": cue.keyword]))
        }
        hasCues = !topic.cues.isEmpty
        watch = Self.watchPanel(topic: topic, cast: cast, watches: watches, now: now, messages: messages)
        self.runs = runs.prefix(10).map { stored in
            RunRow(
                when: format.dateTime(stored.createdAt, zone: zone),
                phase: messages("talks.page.phase." + stored.run.snapshot(at: now).phase.catalogueName),
                timings: stored.run.timings(at: now).map {
                    RunRow.Timing(keyword: $0.keyword, planned: format.duration(seconds: $0.planned),
                                  actual: $0.actual.map { format.duration(seconds: Int($0.rounded())) } ?? messages("talks.page.not_reached"),
                                  drift: $0.drift.map { messages("talks.page.drift", ["seconds": String(format: "%+.0f", $0)]) } ?? "")
                })
        }
        hasRuns = !runs.isEmpty
        newKeyword = FormRefusal.field("keyword", saved: "", of: .newCue, refusal)
        newTime = FormRefusal.field("time", saved: CueTime.format(topic.proposedNextCueTime), of: .newCue, refusal)
        detailsTitle = FormRefusal.field("title", saved: topic.title, of: .details, refusal)
        detailsDuration = FormRefusal.field("duration", saved: CueTime.format(topic.duration), of: .details, refusal)
        detailsOpen = refusal?.form == .details
        let message = refusal.flatMap { APIError.refusal($0.error)?.message(in: messages) }
        let namesAField = refusal.map { ["keyword", "time", "title", "duration"].contains($0.error.field) } ?? false
        fieldError = namesAField ? message : nil
        error = namesAField ? nil : message
    }

    private static func watchPanel(topic: Topic, cast: CastState, watches: [Device], now: Int64, messages: Messages) -> WatchPanel {
        let watchList = watches.filter { $0.role == .watch }
        let castHere = cast.topic?.id == topic.id
        let run = castHere ? cast.run.flatMap { $0.topicID == topic.id ? $0 : nil } : nil
        let state: String
        if let run {
            switch run.run.snapshot(at: now).phase {
            case .notStarted: state = "ready"
            case .running: state = "running"
            case .paused: state = "paused"
            case .finished: state = "finished"
            }
        } else if castHere {
            state = "ready"
        } else {
            state = cast.topic == nil ? "uncast" : "elsewhere"
        }
        let statusLine: String
        switch state {
        case "uncast": statusLine = messages("js.talks.phone.uncast")
        case "elsewhere": statusLine = messages("js.talks.phone.elsewhere", ["title": cast.topic?.title ?? ""])
        case "ready": statusLine = messages("js.talks.phone.ready")
        default:
            let snapshot = run.map { $0.run.snapshot(at: now) }
            let cue = snapshot?.phase == .finished ? messages("js.talks.run.finished")
                : snapshot?.cueIndex.flatMap { run?.run.cues[$0].keyword } ?? messages("js.talks.phone.starting")
            statusLine = messages("js.talks.phone.now_on_watch", ["cue": cue])
        }
        return WatchPanel(
            state: state, runId: run?.id.uuidString.lowercased() ?? "",
            elsewhereTitle: castHere ? nil : cast.topic?.title,
            canCast: !watchList.isEmpty && !topic.cues.isEmpty, needsWatch: watchList.isEmpty, needsCue: topic.cues.isEmpty,
            watchNames: watchList.map(\.name).joined(separator: ", "), statusLine: statusLine)
    }
}

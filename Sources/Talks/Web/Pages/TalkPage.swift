import Foundation
import Talks
import TalksService

/// `/phone/talks/{id}`: one talk's cues (each editable in place), whether it is cast, its last ten runs.
struct TalkPage: Sendable {
    struct CueRow: Sendable {
        let cueId: String
        let keyword: String
        let time: String
        /// The refused edit stays open.
        let editing: Bool
        let editKeyword: FieldView
        let editTime: FieldView
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

    let id: String
    let topicTitle: String
    let cues: [CueRow]
    let hasCues: Bool
    let isCast: Bool
    let runs: [RunRow]
    let hasRuns: Bool
    /// The page listens on the live channel (the layout loads live-page.js).
    let live = true
    let newKeyword: FieldView
    let newTime: FieldView
    let detailsTitle: FieldView
    let detailsDuration: FieldView
    let error: String?

    init(topic: Topic, isCast: Bool, runs: [StoredRun], now: Int64, refusal: FormRefusal?) {
        id = topic.id.uuidString.lowercased()
        topicTitle = topic.title
        cues = topic.cues.map { cue in
            let time = CueTime.format(cue.at)
            return CueRow(
                cueId: cue.id.uuidString.lowercased(), keyword: cue.keyword, time: time, editing: refusal?.form == .cue(cue.id),
                editKeyword: FormRefusal.field("keyword", saved: cue.keyword, of: .cue(cue.id), refusal),
                editTime: FormRefusal.field("time", saved: time, of: .cue(cue.id), refusal))
        }
        hasCues = !topic.cues.isEmpty
        self.isCast = isCast
        self.runs = runs.prefix(10).map { stored in
            RunRow(
                when: stored.createdAt.formatted(date: .abbreviated, time: .shortened),
                phase: stored.run.snapshot(at: now).phase.rawValue,
                timings: stored.run.timings(at: now).map {
                    RunRow.Timing(keyword: $0.keyword, planned: CueTime.format($0.planned),
                                  actual: $0.actual.map { CueTime.format(Int($0.rounded())) } ?? "not reached",
                                  drift: $0.drift.map { String(format: "%+.0f s", $0) } ?? "")
                })
        }
        hasRuns = !runs.isEmpty
        newKeyword = FormRefusal.field("keyword", saved: "", of: .newCue, refusal)
        newTime = FormRefusal.field("time", saved: "", of: .newCue, refusal)
        detailsTitle = FormRefusal.field("title", saved: topic.title, of: .details, refusal)
        detailsDuration = FormRefusal.field("duration", saved: CueTime.format(topic.duration), of: .details, refusal)
        error = refusal?.error.message
    }
}

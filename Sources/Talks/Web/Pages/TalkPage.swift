import CadenceCore
import Foundation
import Talks
import TalksService
import Web

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

    let id: String
    /// The topic's version the page shows (its ETag): an edit of a cue or the details from an older one is refused.
    let version: String
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

    /// `zone`: the person's, for when each run was.
    init(topic: Topic, isCast: Bool, runs: [StoredRun], now: Int64, refusal: FormRefusal?, messages: Messages, zone: TimeZone) {
        let format = LocaleFormat(language: messages.language)
        id = topic.id.uuidString.lowercased()
        version = topic.etag
        topicTitle = topic.title
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
        self.isCast = isCast
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
        newTime = FormRefusal.field("time", saved: "", of: .newCue, refusal)
        detailsTitle = FormRefusal.field("title", saved: topic.title, of: .details, refusal)
        detailsDuration = FormRefusal.field("duration", saved: CueTime.format(topic.duration), of: .details, refusal)
        error = refusal.flatMap { APIError.refusal($0.error)?.message(in: messages) }
    }
}

import CadenceCore
import Foundation

/// What the planner says about its choices: one sentence per entry, and the playlist's warnings.
extension PlaylistPlanner {
    private func number(_ x: Double) -> String { String(format: "%.0f", x) }

    /// Why this entry, sentence by sentence, as notes the reader's language says (the API's English `why` is said from
    /// them too): target, song, stretch, how its key follows the song before, and any rule it had to bend.
    func explain(_ entry: PlaylistEntry, after previous: PlaylistEntry?) -> [PlannerNote] {
        let unitKey = timeline.activity == .cycling ? "rpm" : "steps"
        let mid = entry.start + entry.duration / 2
        var notes: [PlannerNote] = []
        if entry.start >= timeline.totalDuration {
            notes.append(PlannerNote("tempo.music.why.asks_\(unitKey)_after_end", ["target": number(entry.targetBPM)]))
        } else {
            let place = timeline.segments[timeline.segmentIndex(at: min(mid, timeline.totalDuration - 0.001))].label
            notes.append(PlannerNote("tempo.music.why.asks_\(unitKey)", ["target": number(entry.targetBPM), "place": place]))
        }
        var song = ["title": entry.song.title, "bpm": number(entry.songBPM)]
        let beatKey: String
        switch entry.beat {
        case .direct: beatKey = "direct"
        case .halfTime:
            beatKey = "half"
            song["counted"] = number(entry.songBPM * 2)
        case .doubleTime:
            beatKey = "double"
            song["counted"] = number(entry.songBPM / 2)
        }
        if abs(entry.stretchPercent) < 0.05 {
            notes.append(PlannerNote("tempo.music.why.song_\(beatKey)_recorded", song))
        } else {
            song["pct"] = String(format: "%.1f", abs(entry.stretchPercent))
            song["played"] = number(entry.playedBPM)
            notes.append(PlannerNote("tempo.music.why.song_\(beatKey)_\(entry.stretchPercent > 0 ? "faster" : "slower")", song))
        }
        let limits = ["budget": String(format: "%.0f", options.stretchBudget * 100), "cap": number(options.maxJumpBPM),
                      "target": number(entry.targetBPM), "played": number(entry.playedBPM)]
        if !entry.withinBudget {
            notes.append(PlannerNote("tempo.music.why.over_budget", limits))
        } else if !entry.reachesTarget {
            notes.append(PlannerNote("tempo.music.why.not_reached", limits))
        }
        if !entry.withinJumpCap {
            notes.append(PlannerNote("tempo.music.why.over_cap", limits))
        } else if entry.withinBudget, entry.reachesTarget, abs(entry.playedBPM - entry.targetBPM) > 1 {
            notes.append(PlannerNote("tempo.music.why.held", limits))
        }
        if let key = entry.song.key, let previous, let before = previous.song.key {
            let values = ["key": key.description, "previous": previous.song.title, "before": before.description]
            if key.mixes(with: before) {
                notes.append(PlannerNote("tempo.music.why.key_mixes", values))
            } else {
                notes.append(PlannerNote("tempo.music.why.key_clashes", values))
            }
        }
        if entry.repeated {
            notes.append(PlannerNote("tempo.music.why.repeated"))
        }
        if entry.pinned {
            notes.append(PlannerNote("tempo.music.why.pinned"))
        }
        return notes
    }

    /// The playlist with its warnings: what the library could not give the plan, said once each.
    func finish(_ planned: [PlaylistEntry], excluded: [UUID]) -> Playlist {
        var entries = planned
        for i in entries.indices {
            entries[i].whyNotes = explain(entries[i], after: i > 0 ? entries[i - 1] : nil)
        }
        var notes: [PlannerNote] = []
        /// A count's note: `key.one` for exactly one, else `key.other`.
        func counted(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> PlannerNote {
            PlannerNote(key + (count == 1 ? ".one" : ".other"), values.merging(["count": String(count)]) { a, _ in a })
        }
        let total = timeline.totalDuration
        let available = songs.count - Set(excluded.compactMap { indexByID[$0] }).count
        if available == 0 {
            notes.append(PlannerNote(songs.isEmpty ? "tempo.music.warning.no_songs" : "tempo.music.warning.all_removed"))
        }
        if !options.allowRepeats, entries.contains(where: \.repeated) {
            let libraryTime = songs.reduce(0) { $0 + $1.durationSeconds }
            if libraryTime < total {
                notes.append(counted("tempo.music.warning.library_small", songs.count))
            } else {
                notes.append(PlannerNote("tempo.music.warning.few_fit"))
            }
        }
        let budget = String(format: "%.0f", options.stretchBudget * 100)
        let limits = ["budget": budget, "cap": number(options.maxJumpBPM)]
        let short = entries.filter { !$0.reachesTarget }.count
        if short > 0 {
            notes.append(counted("tempo.music.warning.off_tempo", short, limits))
        }
        let over = entries.filter { !$0.withinBudget }.count
        if over > 0 {
            notes.append(counted("tempo.music.warning.over_budget", over, limits))
        }
        let jumps = entries.filter { !$0.withinJumpCap }.count
        if jumps > 0 {
            notes.append(counted("tempo.music.warning.over_cap", jumps, limits))
        }
        let covered = min(entries.last?.end ?? 0, total)
        return Playlist(entries: entries, warnings: [], warningNotes: notes, coverage: total > 0 ? covered / total : 0,
                        planDuration: total, excludedSongIDs: excluded, options: options)
    }
}

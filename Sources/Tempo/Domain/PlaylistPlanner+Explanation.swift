import CadenceCore
import Foundation

/// What the planner says about its choices: one sentence per entry, and the playlist's warnings.
extension PlaylistPlanner {
    private func number(_ x: Double) -> String { String(format: "%.0f", x) }

    /// The entry's sentence: target, song, stretch, how its key follows the song before, and any rule it had to bend;
    /// with the same sentences as notes, one each.
    func explain(_ entry: PlaylistEntry, after previous: PlaylistEntry?) -> (text: String, notes: [PlannerNote]) {
        let unit = timeline.activity.cadenceUnit
        let unitKey = timeline.activity == .cycling ? "rpm" : "steps"
        let mid = entry.start + entry.duration / 2
        let place: String
        var notes: [PlannerNote] = []
        if entry.start >= timeline.totalDuration {
            place = "after the plan ends"
            notes.append(PlannerNote("tempo.music.why.asks_\(unitKey)_after_end", ["target": number(entry.targetBPM)]))
        } else {
            place = timeline.segments[timeline.segmentIndex(at: min(mid, timeline.totalDuration - 0.001))].label
            notes.append(PlannerNote("tempo.music.why.asks_\(unitKey)", ["target": number(entry.targetBPM), "place": place]))
        }
        var text = "The plan asks \(number(entry.targetBPM)) \(unit) here (\(place)). “\(entry.song.title)” is \(number(entry.songBPM)) BPM"
        var song = ["title": entry.song.title, "bpm": number(entry.songBPM)]
        let beatKey: String
        switch entry.beat {
        case .direct: beatKey = "direct"
        case .halfTime:
            text += ", counted half-time (\(number(entry.songBPM * 2)))"
            beatKey = "half"
            song["counted"] = number(entry.songBPM * 2)
        case .doubleTime:
            text += ", counted double-time (\(number(entry.songBPM / 2)))"
            beatKey = "double"
            song["counted"] = number(entry.songBPM / 2)
        }
        let pct = String(format: "%.1f%%", abs(entry.stretchPercent))
        if abs(entry.stretchPercent) < 0.05 {
            text += ", played as recorded."
            notes.append(PlannerNote("tempo.music.why.song_\(beatKey)_recorded", song))
        } else {
            text += ", \(entry.stretchPercent > 0 ? "sped up" : "slowed") \(pct) to \(number(entry.playedBPM))."
            song["pct"] = String(format: "%.1f", abs(entry.stretchPercent))
            song["played"] = number(entry.playedBPM)
            notes.append(PlannerNote("tempo.music.why.song_\(beatKey)_\(entry.stretchPercent > 0 ? "faster" : "slower")", song))
        }
        let budget = String(format: "%.0f%%", options.stretchBudget * 100)
        let limits = ["budget": String(format: "%.0f", options.stretchBudget * 100), "cap": number(options.maxJumpBPM),
                      "target": number(entry.targetBPM), "played": number(entry.playedBPM)]
        if !entry.withinBudget {
            text += " That is over your ±\(budget) budget, to keep the change from the previous song under your \(number(options.maxJumpBPM)) BPM cap: nothing in your library is in between."
            notes.append(PlannerNote("tempo.music.why.over_budget", limits))
        } else if !entry.reachesTarget {
            text += " Your library has nothing closer to \(number(entry.targetBPM)) within your ±\(budget) budget."
            notes.append(PlannerNote("tempo.music.why.not_reached", limits))
        }
        if !entry.withinJumpCap {
            text += " The change from the previous song is over your \(number(options.maxJumpBPM)) BPM cap: nothing in your library is in between."
            notes.append(PlannerNote("tempo.music.why.over_cap", limits))
        } else if entry.withinBudget, entry.reachesTarget, abs(entry.playedBPM - entry.targetBPM) > 1 {
            text += " Held at \(number(entry.playedBPM)) by the \(number(options.maxJumpBPM)) BPM cap on changes between songs."
            notes.append(PlannerNote("tempo.music.why.held", limits))
        }
        if let key = entry.song.key, let previous, let before = previous.song.key {
            let values = ["key": key.description, "previous": previous.song.title, "before": before.description]
            if key.mixes(with: before) {
                text += " Its key (\(key)) mixes well after “\(previous.song.title)” (\(before))."
                notes.append(PlannerNote("tempo.music.why.key_mixes", values))
            } else {
                text += " Its key (\(key)) is not a neighbour of “\(previous.song.title)” (\(before)) on the Camelot wheel: no song in a neighbouring key fits the tempo as well."
                notes.append(PlannerNote("tempo.music.why.key_clashes", values))
            }
        }
        if entry.repeated {
            text += " Played before: too few songs in your library fit this plan."
            notes.append(PlannerNote("tempo.music.why.repeated"))
        }
        if entry.pinned {
            text += " Pinned by you."
            notes.append(PlannerNote("tempo.music.why.pinned"))
        }
        return (text, notes)
    }

    /// The playlist with its warnings: what the library could not give the plan, said once each.
    func finish(_ planned: [PlaylistEntry], excluded: [UUID]) -> Playlist {
        var entries = planned
        for i in entries.indices {
            (entries[i].why, entries[i].whyNotes) = explain(entries[i], after: i > 0 ? entries[i - 1] : nil)
        }
        var warnings: [String] = []
        var notes: [PlannerNote] = []
        /// A count's note: `key.one` for exactly one, else `key.other`.
        func counted(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> PlannerNote {
            PlannerNote(key + (count == 1 ? ".one" : ".other"), values.merging(["count": String(count)]) { a, _ in a })
        }
        let total = timeline.totalDuration
        let available = songs.count - Set(excluded.compactMap { indexByID[$0] }).count
        if available == 0 {
            warnings.append(songs.isEmpty ? "Your library has no songs; add some to plan a playlist."
                                          : "Every song in your library was removed from this playlist.")
            notes.append(PlannerNote(songs.isEmpty ? "tempo.music.warning.no_songs" : "tempo.music.warning.all_removed"))
        }
        if !options.allowRepeats, entries.contains(where: \.repeated) {
            let libraryTime = songs.reduce(0) { $0 + $1.durationSeconds }
            if libraryTime < total {
                warnings.append("Your library has \(songs.count) song\(songs.count == 1 ? "" : "s"); some repeat.")
                notes.append(counted("tempo.music.warning.library_small", songs.count))
            } else {
                warnings.append("Too few songs in your library fit this plan's tempo; some repeat.")
                notes.append(PlannerNote("tempo.music.warning.few_fit"))
            }
        }
        let budget = String(format: "%.0f", options.stretchBudget * 100)
        let limits = ["budget": budget, "cap": number(options.maxJumpBPM)]
        let short = entries.filter { !$0.reachesTarget }.count
        if short > 0 {
            warnings.append("\(short) song\(short == 1 ? " plays" : "s play") off the plan's tempo: your library has nothing closer within ±\(budget)%.")
            notes.append(counted("tempo.music.warning.off_tempo", short, limits))
        }
        let over = entries.filter { !$0.withinBudget }.count
        if over > 0 {
            warnings.append("\(over) song\(over == 1 ? " needs" : "s need") more than ±\(budget)% tempo change to keep the changes between songs under your \(number(options.maxJumpBPM)) BPM cap.")
            notes.append(counted("tempo.music.warning.over_budget", over, limits))
        }
        let jumps = entries.filter { !$0.withinJumpCap }.count
        if jumps > 0 {
            warnings.append("\(jumps) change\(jumps == 1 ? " is" : "s are") over your \(number(options.maxJumpBPM)) BPM cap between songs: your library has nothing in between.")
            notes.append(counted("tempo.music.warning.over_cap", jumps, limits))
        }
        let covered = min(entries.last?.end ?? 0, total)
        return Playlist(entries: entries, warnings: warnings, warningNotes: notes, coverage: total > 0 ? covered / total : 0,
                        planDuration: total, excludedSongIDs: excluded, options: options)
    }
}

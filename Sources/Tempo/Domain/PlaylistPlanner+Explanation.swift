import CadenceCore
import Foundation

/// What the planner says about its choices: one sentence per entry, and the playlist's warnings.
extension PlaylistPlanner {
    private func number(_ x: Double) -> String { String(format: "%.0f", x) }

    /// The entry's sentence: target, song, stretch, how its key follows the song before, and any rule it had to bend.
    func explain(_ entry: PlaylistEntry, after previous: PlaylistEntry?) -> String {
        let unit = timeline.activity.cadenceUnit
        let mid = entry.start + entry.duration / 2
        let place: String
        if entry.start >= timeline.totalDuration {
            place = "after the plan ends"
        } else {
            place = timeline.segments[timeline.segmentIndex(at: min(mid, timeline.totalDuration - 0.001))].label
        }
        var text = "The plan asks \(number(entry.targetBPM)) \(unit) here (\(place)). “\(entry.song.title)” is \(number(entry.songBPM)) BPM"
        switch entry.beat {
        case .direct: break
        case .halfTime: text += ", counted half-time (\(number(entry.songBPM * 2)))"
        case .doubleTime: text += ", counted double-time (\(number(entry.songBPM / 2)))"
        }
        let pct = String(format: "%.1f%%", abs(entry.stretchPercent))
        if abs(entry.stretchPercent) < 0.05 {
            text += ", played as recorded."
        } else {
            text += ", \(entry.stretchPercent > 0 ? "sped up" : "slowed") \(pct) to \(number(entry.playedBPM))."
        }
        let budget = String(format: "%.0f%%", options.stretchBudget * 100)
        if !entry.withinBudget {
            text += " That is over your ±\(budget) budget, to keep the change from the previous song under your \(number(options.maxJumpBPM)) BPM cap: nothing in your library is in between."
        } else if !entry.reachesTarget {
            text += " Your library has nothing closer to \(number(entry.targetBPM)) within your ±\(budget) budget."
        }
        if !entry.withinJumpCap {
            text += " The change from the previous song is over your \(number(options.maxJumpBPM)) BPM cap: nothing in your library is in between."
        } else if entry.withinBudget, entry.reachesTarget, abs(entry.playedBPM - entry.targetBPM) > 1 {
            text += " Held at \(number(entry.playedBPM)) by the \(number(options.maxJumpBPM)) BPM cap on changes between songs."
        }
        if let key = entry.song.key, let previous, let before = previous.song.key {
            if key.mixes(with: before) {
                text += " Its key (\(key)) mixes well after “\(previous.song.title)” (\(before))."
            } else {
                text += " Its key (\(key)) is not a neighbour of “\(previous.song.title)” (\(before)) on the Camelot wheel: no song in a neighbouring key fits the tempo as well."
            }
        }
        if entry.repeated { text += " Played before: too few songs in your library fit this plan." }
        if entry.pinned { text += " Pinned by you." }
        return text
    }

    /// The playlist with its warnings: what the library could not give the plan, said once each.
    func finish(_ planned: [PlaylistEntry], excluded: [UUID]) -> Playlist {
        var entries = planned
        for i in entries.indices { entries[i].why = explain(entries[i], after: i > 0 ? entries[i - 1] : nil) }
        var warnings: [String] = []
        let total = timeline.totalDuration
        let available = songs.count - Set(excluded.compactMap { indexByID[$0] }).count
        if available == 0 {
            warnings.append(songs.isEmpty ? "Your library has no songs; add some to plan a playlist."
                                          : "Every song in your library was removed from this playlist.")
        }
        if !options.allowRepeats, entries.contains(where: \.repeated) {
            let libraryTime = songs.reduce(0) { $0 + $1.durationSeconds }
            if libraryTime < total {
                warnings.append("Your library has \(songs.count) song\(songs.count == 1 ? "" : "s"); some repeat.")
            } else {
                warnings.append("Too few songs in your library fit this plan's tempo; some repeat.")
            }
        }
        let budget = String(format: "%.0f", options.stretchBudget * 100)
        let short = entries.filter { !$0.reachesTarget }.count
        if short > 0 {
            warnings.append("\(short) song\(short == 1 ? " plays" : "s play") off the plan's tempo: your library has nothing closer within ±\(budget)%.")
        }
        let over = entries.filter { !$0.withinBudget }.count
        if over > 0 {
            warnings.append("\(over) song\(over == 1 ? " needs" : "s need") more than ±\(budget)% tempo change to keep the changes between songs under your \(number(options.maxJumpBPM)) BPM cap.")
        }
        let jumps = entries.filter { !$0.withinJumpCap }.count
        if jumps > 0 {
            warnings.append("\(jumps) change\(jumps == 1 ? " is" : "s are") over your \(number(options.maxJumpBPM)) BPM cap between songs: your library has nothing in between.")
        }
        let covered = min(entries.last?.end ?? 0, total)
        return Playlist(entries: entries, warnings: warnings, coverage: total > 0 ? covered / total : 0,
                        planDuration: total, excludedSongIDs: excluded, options: options)
    }
}

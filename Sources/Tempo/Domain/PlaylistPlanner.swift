import CadenceCore
import Foundation

/// Chooses and orders songs so the music's tempo follows a plan's cadence curve (M3).
///
/// How it works:
/// - The plan's cadence curve (steps/min, or rpm) is the tempo the music should carry. A song
///   carries its BPM at 1:1, twice its BPM half-time (85 BPM → 170 steps/min), or half its BPM
///   double-time (180 BPM → 90 rpm), as the options allow.
/// - Songs are laid one after another from the start of the plan until the plan is covered, each overlapping the one
///   before by the mix's crossfade (four of its beats, 1–6 s: `nextStart(after:)`). For each
///   slot the planner looks at songs whose stretchable tempo range (carried BPM ± budget) reaches
///   the curve's tempo over the next few minutes, within the jump cap of the previous song.
///   A song is played at one constant rate: the plan's cadence averaged over the time it plays,
///   clamped into its stretch budget and the jump cap. Each candidate costs the mean relative
///   distance between that tempo and the curve while it plays, plus a quarter of its stretch,
///   plus 0.01 for half/double time, plus the miss a song causes by ending just before a step
///   change that no song is short enough to fill, plus `keyClashCost` when both it and the song before have a
///   known key and the two are not neighbours on the Camelot wheel (so between songs that fit the tempo about as
///   well — within about 1.5 % — the one in a compatible key wins; the tempo always comes first); the cheapest
///   wins, ties by song id, then by beat match.
///   So a song that fits an interval's length and tempo beats one that straddles a sprint and
///   a recovery, and the BPM peaks where the effort peaks.
/// - Order of preference: an unused song within budget and cap; a song already played within
///   budget and cap (only when no unused song fits: "library too small", with a warning); then,
///   only when no song at all can meet both, one that keeps the jump cap (safety first) by
///   stretching past the budget (flagged `withinBudget == false`, with a warning). A song played
///   within budget and cap that still misses the curve by more than 1 BPM is flagged
///   `reachesTarget == false`. Repeats are also allowed (at a cost) when `allowRepeats` is on.
/// - Playback rates stay within 0.5…2 even for flagged entries.
/// - Deterministic: no randomness, no dependence on the library's order (ties go by song id).
///
/// Editing (`rebalance`): entries before the edited position stay as they are. From there on,
/// pinned entries keep their song, beat match and order, and unpinned ones are planned again
/// around them with the same rules. A pin starts where the songs before it end: the gap before
/// its old start time is refilled, a gap under 45 s is closed instead of filled, and a song that
/// runs past a pin's old start pushes the pin later by that much. A pin's playback rate is
/// recomputed for its new time. Removed and swapped-out songs are not planned again.
public struct PlaylistPlanner: Sendable {
    public let timeline: PlanTimeline
    public let options: PlannerOptions
    /// The library without duplicate ids, in id order.
    public let songs: [Song]

    /// Gaps before a pin shorter than this are closed rather than filled.
    public static let pinGapTolerance: Double = 45
    /// What a key that does not mix with the previous song's costs: about 1.5 % of tempo miss.
    public static let keyClashCost = 0.015
    static let rateLimits: ClosedRange<Double> = 0.5...2.0

    private struct Choice {
        var song: Int
        var beat: BeatMatch
        /// Song BPM × cadence per beat: the cadence it carries at rate 1.
        var carried: Double
        var penalty: Double
    }

    /// Choices sorted by carried tempo (then song id, then beat).
    private let choices: [Choice]
    private let carried: [Double]
    /// Where each song is in `songs`, by id.
    let indexByID: [UUID: Int]
    private let durations: [Double]
    private let longestSong: Double
    private let shortestSong: Double

    public init(plan: WorkoutPlan, library: [Song], options: PlannerOptions = PlannerOptions()) throws(ValidationError) {
        try self.init(timeline: PlanTimeline(plan: plan), library: library, options: options)
    }

    public init(timeline: PlanTimeline, library: [Song], options: PlannerOptions = PlannerOptions()) throws(ValidationError) {
        self.timeline = timeline
        self.options = try options.validated()
        // Id order = the order of the ids' bytes (the same as their uppercase text); the first of duplicate ids wins.
        let keys = library.map { idKey($0.id) }
        let order = library.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        var sorted: [Song] = []
        sorted.reserveCapacity(library.count)
        var index: [UUID: Int] = [:]
        index.reserveCapacity(library.count)
        var lastKey: UInt128?
        for i in order where keys[i] != lastKey {
            lastKey = keys[i]
            index[library[i].id] = sorted.count
            sorted.append(library[i])
        }
        songs = sorted
        indexByID = index
        var beats: [(BeatMatch, Double)] = [(.direct, 0)]
        if options.allowHalfTime { beats.append((.halfTime, 0.01)) }
        if options.allowDoubleTime { beats.append((.doubleTime, 0.01)) }
        var list: [Choice] = []
        list.reserveCapacity(songs.count * beats.count)
        for (i, s) in songs.enumerated() {
            for (beat, penalty) in beats {
                list.append(Choice(song: i, beat: beat, carried: s.planningBPM * beat.cadencePerBeat, penalty: penalty))
            }
        }
        // Songs are already in id order, so ordering ties by position keeps id order (then beat).
        let byTempo = list.indices.sorted { a, b in list[a].carried != list[b].carried ? list[a].carried < list[b].carried : a < b }
        choices = byTempo.map { list[$0] }
        carried = choices.map(\.carried)
        durations = songs.map(\.durationSeconds)
        longestSong = songs.map(\.durationSeconds).max() ?? 0
        shortestSong = songs.map(\.durationSeconds).min() ?? 0
    }

    // MARK: Planning

    /// A playlist covering the whole plan.
    public func plan() -> Playlist {
        var state = FillState(useCount: Array(repeating: 0, count: songs.count), excluded: Array(repeating: false, count: songs.count))
        var entries: [PlaylistEntry] = []
        fill(&entries, until: timeline.totalDuration, tolerance: 0.5, state: &state)
        return finish(entries, excluded: [])
    }

    /// Applies a user's edit and re-plans the rest (see the type's notes). Errors name the field.
    public func rebalance(_ playlist: Playlist, edit: PlaylistEdit) throws(ValidationError) -> Playlist {
        var entries = playlist.entries
        var excluded = playlist.excludedSongIDs
        func check(_ i: Int, _ field: String) throws(ValidationError) {
            guard entries.indices.contains(i) else {
                throw ValidationError(field: field, "There is no entry \(i + 1); the playlist has \(entries.count).",
                                      key: "tempo.music.error.no_entry", ["entry": String(i + 1), "count": String(entries.count)])
            }
        }
        func exclude(_ id: UUID) { if !excluded.contains(id) { excluded.append(id) } }
        let from: Int
        switch edit {
        case .pin(let i), .unpin(let i):
            try check(i, "edit.index")
            if case .pin = edit { entries[i].pinned = true } else { entries[i].pinned = false }
            entries[i].whyNotes = explain(entries[i], after: i > 0 ? entries[i - 1] : nil)
            var result = playlist
            result.entries = entries
            return result
        case .remove(let i):
            try check(i, "edit.index")
            exclude(entries[i].song.id)
            entries.remove(at: i)
            from = i
        case .move(let a, let b):
            try check(a, "edit.from")
            try check(b, "edit.to")
            let anchor = entries[b].start
            var moved = entries.remove(at: a)
            moved.pinned = true
            moved.start = anchor
            entries.insert(moved, at: b)
            from = min(a, b)
        case .swap(let i, let songID):
            try check(i, "edit.index")
            let entry = try chosenEntry(songID, at: entries[i].start, previous: i > 0 ? entries[i - 1].playedBPM : nil)
            if entries[i].song.id != songID { exclude(entries[i].song.id) }
            excluded.removeAll { $0 == songID }
            entries[i] = entry
            from = i
        case .insert(let i, let songID):
            guard (0...entries.count).contains(i) else {
                throw ValidationError(field: "edit.index", "Add the song at a position from 1 to \(entries.count + 1).",
                                      key: "tempo.music.error.insert_position", ["max": String(entries.count + 1)])
            }
            let anchor = i < entries.count ? entries[i].start : entries.last.map(Self.nextStart) ?? 0
            let entry = try chosenEntry(songID, at: anchor, previous: i > 0 ? entries[i - 1].playedBPM : nil)
            excluded.removeAll { $0 == songID }
            entries.insert(entry, at: i)
            from = i + 1  // the new song stays where it was put; what follows is planned again around the pins
        }
        return replan(entries, keepingFirst: from, excluded: excluded)
    }

    /// A song the person chose, pinned at `anchor` with the beat match that needs the least stretch there.
    private func chosenEntry(_ songID: UUID, at anchor: Double, previous: Double?) throws(ValidationError) -> PlaylistEntry {
        guard let s = indexByID[songID] else {
            throw ValidationError(field: "edit.songID", "That song is not in your library.", key: "tempo.music.error.song_not_in_library")
        }
        let best = choices.indices.filter { choices[$0].song == s }.min { x, y in
            let ex = evaluate(choices[x], at: anchor, previous: previous, relaxed: true, refine: true)!
            let ey = evaluate(choices[y], at: anchor, previous: previous, relaxed: true, refine: true)!
            return abs(ex.rate - 1) + choices[x].penalty < abs(ey.rate - 1) + choices[y].penalty
        }!
        var entry = makeEntry(choices[best], at: anchor, previous: previous, relaxed: true, repeated: false)
        entry.pinned = true
        return entry
    }

    /// Where the song after `entry` starts: where the mix's crossfade from it begins (`MixPlanner.fadeLength`), so a
    /// rendered mix keeps to the playlist's timeline; played song by song, each simply follows the one before.
    static func nextStart(after entry: PlaylistEntry) -> Double {
        entry.end - MixPlanner.fadeLength(songBPM: entry.songBPM, rate: entry.playbackRate)
    }

    private func replan(_ entries: [PlaylistEntry], keepingFirst count: Int, excluded: [UUID]) -> Playlist {
        var result = Array(entries[..<count])
        let pins = entries[count...].filter(\.pinned)
        var state = FillState(useCount: Array(repeating: 0, count: songs.count), excluded: Array(repeating: false, count: songs.count))
        for id in excluded { if let i = indexByID[id] { state.excluded[i] = true } }
        for e in result + pins { if let i = indexByID[e.song.id] { state.useCount[i] += 1 } }
        for pin in pins {
            fill(&result, until: pin.start, tolerance: Self.pinGapTolerance, state: &state)
            let t = result.last.map(Self.nextStart) ?? 0
            let prev = result.last?.playedBPM
            let choice = Choice(song: indexByID[pin.song.id] ?? 0, beat: pin.beat,
                                carried: pin.songBPM * pin.beat.cadencePerBeat, penalty: 0)
            var placed = makeEntry(choice, song: pin.song, at: t, previous: prev, relaxed: true, repeated: pin.repeated)
            placed.pinned = true
            result.append(placed)
        }
        fill(&result, until: timeline.totalDuration, tolerance: 0.5, state: &state)
        return finish(result, excluded: excluded)
    }

    private struct FillState {
        var useCount: [Int]
        var excluded: [Bool]
    }

    /// Appends songs while the last one ends more than `tolerance` seconds before `limit`.
    private func fill(_ entries: inout [PlaylistEntry], until limit: Double, tolerance: Double, state: inout FillState) {
        guard !songs.isEmpty else { return }
        while true {
            // Music is needed while the songs so far end before the limit; the next one comes in over the last's fade.
            guard limit - (entries.last?.end ?? 0) > tolerance else { return }
            let t = entries.last.map(Self.nextStart) ?? 0
            let prev = entries.last?.playedBPM
            guard let (choice, repeated) = next(at: t, previous: prev, previousKey: entries.last?.song.key, state: state) else { return }
            state.useCount[choice.song] += 1
            entries.append(makeEntry(choice, at: t, previous: prev, relaxed: true, repeated: repeated))
        }
    }

    /// The best next song at `t`, and whether it is a repeat.
    private func next(at t: Double, previous: Double?, previousKey: CamelotKey?, state: FillState) -> (Choice, Bool)? {
        let s = options.stretchBudget
        // Tempo the curve asks for over the next few minutes, held within the jump cap.
        let range = timeline.cadenceRange(from: t, to: t + longestSong * (1 + s))
        var low = range.low, high = range.high
        if let p = previous {
            low = min(max(low, p - options.maxJumpBPM), p + options.maxJumpBPM)
            high = min(max(high, p - options.maxJumpBPM), p + options.maxJumpBPM)
        }
        let band = (low / (1 + s) - 1e-9)...(high / (1 - s) + 1e-9)

        func cost(_ k: Int, used: Bool, relaxed: Bool) -> Double? {
            let c = choices[k]
            if state.excluded[c.song] { return nil }
            let uses = state.useCount[c.song]
            let repeatCost: Double
            if options.allowRepeats {
                repeatCost = Double(uses) * 0.3
            } else {
                if used != (uses > 0) { return nil }
                repeatCost = 0
            }
            guard let e = evaluate(c, at: t, previous: previous, relaxed: relaxed, refine: false) else { return nil }
            return e.cost + c.penalty + repeatCost + keyCost(songs[c.song].key, after: previousKey)
        }
        // Lowest cost wins; equal costs go to the lower index (tempo, then song id, then beat).
        func better(_ cost: Double, _ k: Int, than best: (cost: Double, index: Int)?) -> Bool {
            guard let best else { return true }
            return cost < best.cost || (cost == best.cost && k < best.index)
        }

        /// Every choice in `band` (or all), in tempo order.
        func scan(_ band: ClosedRange<Double>?, used: Bool, relaxed: Bool) -> Choice? {
            var best: (cost: Double, index: Int)?
            var k = band.map { lowerBound(carried, $0.lowerBound) } ?? 0
            while k < choices.count {
                if let band, carried[k] > band.upperBound { break }
                if let c = cost(k, used: used, relaxed: relaxed), better(c, k, than: best) { best = (c, k) }
                k += 1
            }
            return best.map { choices[$0.index] }
        }

        /// Choices in `band`, outward from the tempo the curve asks for right now, stopping once
        /// no farther choice can beat the best: every song plays at least `minWall` seconds, and
        /// over that time its tempo is at least `gap` away from the curve, so its cost is at least
        /// `minWall × gap / (maxCover × highest cadence)`.
        func outward(_ band: ClosedRange<Double>, used: Bool) -> Choice? {
            let remaining = timeline.totalDuration - t
            guard remaining > 0 else { return scan(band, used: used, relaxed: false) }
            let minWall = min(shortestSong / (1 + s), remaining)
            let maxCover = min(longestSong / (1 - s), remaining)
            let near = timeline.cadenceRange(from: t, to: t + minWall)
            let scale = minWall / (maxCover * max(range.high, 1))
            func bound(_ k: Int) -> Double {
                let e = carried[k]
                let gap = max(0, near.low - e * (1 + s), e * (1 - s) - near.high)
                return gap * scale
            }
            let lo = lowerBound(carried, band.lowerBound)
            var hi = lowerBound(carried, band.upperBound)
            while hi < carried.count, carried[hi] <= band.upperBound { hi += 1 }
            guard lo < hi else { return nil }
            let centre = (near.low + near.high) / 2
            var right = min(max(lowerBound(carried, centre), lo), hi)
            var left = right - 1
            var best: (cost: Double, index: Int)?
            while left >= lo || right < hi {
                let lb = left >= lo ? bound(left) : .infinity
                let rb = right < hi ? bound(right) : .infinity
                let k: Int
                if lb <= rb { k = left; left -= 1 } else { k = right; right += 1 }
                if let best, min(lb, rb) > best.cost { break }
                if let c = cost(k, used: used, relaxed: false), better(c, k, than: best) { best = (c, k) }
            }
            return best.map { choices[$0.index] }
        }

        func search(_ band: ClosedRange<Double>?, used: Bool, relaxed: Bool) -> Choice? {
            if let band, !relaxed { return outward(band, used: used) }
            return scan(band, used: used, relaxed: relaxed)
        }

        if options.allowRepeats {
            if let c = search(band, used: false, relaxed: false) ?? search(nil, used: false, relaxed: false) ?? search(nil, used: false, relaxed: true) {
                return (c, state.useCount[c.song] > 0)
            }
            return nil
        }
        if let c = search(band, used: false, relaxed: false) ?? search(nil, used: false, relaxed: false) { return (c, false) }
        if let c = search(nil, used: true, relaxed: false) { return (c, true) }
        if let c = search(nil, used: false, relaxed: true) { return (c, false) }
        if let c = search(nil, used: true, relaxed: true) { return (c, true) }
        return nil
    }

    private struct Evaluation {
        var played: Double
        var rate: Double
        var wall: Double
        var target: Double
        var cost: Double
        var withinBudget: Bool
        var withinJump: Bool
        var reachesTarget: Bool
    }

    /// How a choice would play from `t`. Nil when it cannot meet both the budget and the jump cap
    /// (unless `relaxed`, which then keeps the cap if it can and stretches past the budget).
    private func evaluate(_ c: Choice, song: Song? = nil, at t: Double, previous: Double?, relaxed: Bool, refine: Bool) -> Evaluation? {
        let s = options.stretchBudget, cap = options.maxJumpBPM
        let duration = song?.durationSeconds ?? durations[c.song]
        let e = c.carried
        var low = e * (1 - s), high = e * (1 + s)
        if let p = previous {
            let jl = max(low, p - cap), jh = min(high, p + cap)
            if jl <= jh + 1e-9 {
                low = jl
                high = max(jl, jh)
            } else if !relaxed {
                return nil
            } else {
                // Nothing within both: keep the cap (safety) and stretch as far as the rate limits allow.
                low = max(p - cap, e * Self.rateLimits.lowerBound)
                high = min(p + cap, e * Self.rateLimits.upperBound)
                if low > high {
                    // Even the rate limits cannot reach the cap: play as close to it as they allow.
                    let v = p > high ? e * Self.rateLimits.upperBound : e * Self.rateLimits.lowerBound
                    low = v
                    high = v
                }
            }
        }
        var target = timeline.averageCadence(from: t, to: t + duration)
        var played = min(max(target, low), high)
        var wall = duration * e / played
        if refine {
            target = timeline.averageCadence(from: t, to: t + wall)
            played = min(max(target, low), high)
            wall = duration * e / played
        }
        let rate = played / e
        let cover = min(t + wall, timeline.totalDuration) - t
        var cost = 0.25 * abs(rate - 1)
        if cover > 0 {
            cost += timeline.deviation(from: t, to: t + wall, level: played) / (cover * target)
            // Ending just before a step change leaves a gap no song is short enough to fill,
            // so the next song will straddle the change: count that miss now.
            if let step = timeline.nextStep(after: t + wall), step.time - (t + wall) < shortestSong / (1 + s) {
                cost += (step.time - (t + wall)) * step.size / (cover * target)
            }
        }
        let withinBudget = abs(rate - 1) <= s + 1e-9
        if !withinBudget { cost += 10 + abs(rate - 1) }
        let withinJump = previous.map { abs(played - $0) <= cap + 1e-9 } ?? true
        if !withinJump { cost += 10 }
        // Off target because of the song (not the jump cap): the budget could not take it to the target.
        let limitedByCap = previous.map { abs(abs(played - $0) - cap) < 1e-6 } ?? false
        let reachesTarget = abs(played - target) <= 1 || limitedByCap
        return Evaluation(played: played, rate: rate, wall: wall, target: target, cost: cost,
                          withinBudget: withinBudget, withinJump: withinJump, reachesTarget: reachesTarget)
    }

    private func makeEntry(_ c: Choice, song: Song? = nil, at t: Double, previous: Double?, relaxed: Bool, repeated: Bool) -> PlaylistEntry {
        let song = song ?? songs[c.song]
        let e = evaluate(c, song: song, at: t, previous: previous, relaxed: relaxed, refine: true)!
        let entry = PlaylistEntry(
            song: song, start: t, duration: e.wall, targetBPM: e.target, songBPM: song.planningBPM, beat: c.beat,
            playbackRate: e.rate, stretchPercent: (e.rate - 1) * 100, playedBPM: e.played,
            withinBudget: e.withinBudget, reachesTarget: e.reachesTarget, withinJumpCap: e.withinJump,
            repeated: repeated, pinned: false, why: "")
        return entry
    }
}

/// `keyClashCost` when both keys are known and do not mix; nothing otherwise.
private func keyCost(_ key: CamelotKey?, after previous: CamelotKey?) -> Double {
    guard let key, let previous, !key.mixes(with: previous) else { return 0 }
    return PlaylistPlanner.keyClashCost
}

private func idKey(_ id: UUID) -> UInt128 {
    withUnsafeBytes(of: id.uuid) { raw in
        raw.reduce(UInt128(0)) { ($0 << 8) | UInt128($1) }
    }
}

/// First index whose value is ≥ x, in a sorted array.
private func lowerBound(_ values: [Double], _ x: Double) -> Int {
    var lo = 0, hi = values.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if values[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

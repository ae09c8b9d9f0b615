import CadenceCore
import Foundation
import Testing
@testable import Tempo

// MARK: Helpers

struct SeededRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

func songID(_ n: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
}

/// Songs with BPM spread over `bpm` and durations 2–6 minutes, ids 1…count.
func library(_ count: Int, bpm: ClosedRange<Double> = 60...200, seed: UInt64 = 7) -> [Song] {
    var rng = SeededRandom(state: seed)
    return (1...count).map { n in
        let tempo = bpm.lowerBound + rng.unit() * (bpm.upperBound - bpm.lowerBound)
        let duration = (120 + rng.unit() * 240).rounded()
        return try! Song(id: songID(n), title: "Song \(n)", bpm: (tempo * 10).rounded() / 10, durationSeconds: duration)
    }
}

func pearson(_ xs: [Double], _ ys: [Double]) -> Double {
    let n = Double(xs.count)
    let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
    var sxy = 0.0, sxx = 0.0, syy = 0.0
    for (x, y) in zip(xs, ys) {
        sxy += (x - mx) * (y - my)
        sxx += (x - mx) * (x - mx)
        syy += (y - my) * (y - my)
    }
    return sxy / (sxx * syy).squareRoot()
}

/// The played tempo at each second step through the plan, against the plan's cadence.
func sampled(_ playlist: Playlist, _ timeline: PlanTimeline, every step: Double = 10) -> (plan: [Double], music: [Double]) {
    var plan: [Double] = [], music: [Double] = []
    var t = step / 2
    while t < timeline.totalDuration {
        if let entry = playlist.entries.first(where: { $0.start <= t && t < $0.end }) {
            plan.append(timeline.cadence(at: t))
            music.append(entry.playedBPM)
        }
        t += step
    }
    return (plan, music)
}

let bigLibrary = library(2000)

// MARK: Planner rules

@Suite(.timeLimit(.minutes(5))) struct PlaylistPlannerTests {
    @Test(arguments: Templates.builtIn().map(\.plan))
    func everySongIsWithinTheStretchBudgetAndTheJumpCap(plan: WorkoutPlan) throws {
        let options = PlannerOptions()
        let playlist = try PlaylistPlanner(plan: plan, library: bigLibrary, options: options).plan()
        #expect(playlist.englishWarnings.isEmpty)
        for entry in playlist.entries {
            #expect(entry.withinBudget)
            #expect(entry.reachesTarget)
            #expect(abs(entry.playbackRate - 1) <= options.stretchBudget + 1e-9)
            #expect(abs(entry.stretchPercent - (entry.playbackRate - 1) * 100) < 1e-9)
            #expect(abs(entry.playedBPM - entry.songBPM * entry.beat.cadencePerBeat * entry.playbackRate) < 1e-9)
            #expect(!entry.englishWhy.isEmpty)
        }
        for (a, b) in zip(playlist.entries, playlist.entries.dropFirst()) {
            #expect(abs(b.playedBPM - a.playedBPM) <= options.maxJumpBPM + 1e-9)
            #expect(b.withinJumpCap)
        }
    }

    @Test(arguments: Templates.builtIn().map(\.plan))
    func theWholePlanIsCoveredWithoutGaps(plan: WorkoutPlan) throws {
        let playlist = try PlaylistPlanner(plan: plan, library: bigLibrary).plan()
        let total = plan.timeline.totalDuration
        #expect(playlist.entries.first?.start == 0)
        for (a, b) in zip(playlist.entries, playlist.entries.dropFirst()) {
            // Each song comes in over the last four beats of the one before (the mix's crossfade), 1–6 s.
            #expect(abs(b.start - PlaylistPlanner.nextStart(after: a)) < 1e-9)
            #expect((1...6).contains(a.end - b.start))
            #expect(abs((a.end - b.start) - 4 * 60 / (a.songBPM * a.playbackRate)) < 1e-9 || a.end - b.start == 1 || a.end - b.start == 6)
            #expect(a.end < total)
        }
        #expect(try #require(playlist.entries.last).end >= total - 0.5)
        #expect(playlist.coverage >= 0.9998)
        #expect(playlist.planDuration == total)
        for e in playlist.entries {
            #expect(abs(e.duration - e.song.durationSeconds / e.playbackRate) < 1e-9)
        }
    }

    @Test func noSongRepeatsWithABigLibrary() throws {
        let plan = try WorkoutPlan(name: "Long", steps: [.interval(.minutes(120, "Long run", .zone(2), to: .zone(3)))])
        let playlist = try PlaylistPlanner(plan: plan, library: bigLibrary).plan()
        let ids = playlist.entries.map(\.song.id)
        #expect(Set(ids).count == ids.count)
        #expect(!playlist.entries.contains { $0.repeated })
    }

    /// The issue: "no repeats unless the library is too small (then say so)".
    @Test func aTinyLibraryRepeatsAndSaysSo() throws {
        let tiny = (1...5).map { n in try! Song(id: songID(n), title: "Tiny \(n)", bpm: 165 + Double(n), durationSeconds: 200) }
        let playlist = try PlaylistPlanner(plan: Templates.sprintIntervals(), library: tiny).plan()
        #expect(playlist.englishWarnings.contains("Your library has 5 songs; some repeat."))
        #expect(playlist.entries.contains { $0.repeated })
        #expect(playlist.entries.first(where: \.repeated)?.englishWhy.contains("Played before") == true)
        #expect(playlist.coverage >= 0.9998)
        // Every song is used before any repeats.
        let firstFive = playlist.entries.prefix(5).map(\.song.id)
        #expect(Set(firstFive).count == 5)
    }

    @Test func anEmptyLibraryGivesAnEmptyPlaylistAndSaysWhy() throws {
        let playlist = try PlaylistPlanner(plan: Templates.pyramid(), library: []).plan()
        #expect(playlist.entries.isEmpty)
        #expect(playlist.coverage == 0)
        #expect(playlist.englishWarnings == ["Your library has no songs; add some to plan a playlist."])
    }

    /// When no song reaches the target within the budget, the budget still holds; the entry is
    /// flagged, explained, and the playlist warns.
    @Test func songsThatCannotReachTheTargetAreFlagged() throws {
        let slow = (1...30).map { n in try! Song(id: songID(n), title: "Slow \(n)", bpm: 120 + Double(n % 5), durationSeconds: 180) }
        let options = PlannerOptions(allowHalfTime: false)
        let playlist = try PlaylistPlanner(plan: Templates.steadyProgression(), library: slow, options: options).plan()
        #expect(!playlist.entries.isEmpty)
        #expect(playlist.entries.allSatisfy { $0.withinBudget && !$0.reachesTarget })
        #expect(playlist.entries.allSatisfy { abs($0.playbackRate - 1) <= 0.08 + 1e-9 })
        #expect(playlist.entries[0].englishWhy.contains("nothing closer"))
        #expect(playlist.englishWarnings.contains { $0.contains("off the plan's tempo") })
        #expect(!playlist.entries.contains { $0.repeated })
    }

    /// Both caps hold even when the library cannot follow the plan; what it cannot do is flagged.
    @Test func aGappyLibraryKeepsBothCapsAndSaysWhatItMisses() throws {
        // Only 150 and 185 BPM songs and a 4% budget: nothing bridges 35 BPM in 12 BPM steps.
        let songs = (1...40).map { n in try! Song(id: songID(n), title: "S\(n)", bpm: n % 2 == 0 ? 150 : 185, durationSeconds: 120) }
        let options = PlannerOptions(stretchBudget: 0.04, allowHalfTime: false)
        let playlist = try PlaylistPlanner(plan: Templates.sprintIntervals(), library: songs, options: options).plan()
        for (a, b) in zip(playlist.entries, playlist.entries.dropFirst()) {
            #expect(abs(b.playedBPM - a.playedBPM) <= 12 + 1e-9)
        }
        #expect(playlist.entries.allSatisfy { $0.withinBudget && $0.withinJumpCap })
        #expect(playlist.entries.contains { !$0.reachesTarget })
        #expect(playlist.englishWarnings.contains { $0.contains("off the plan's tempo") })
    }

    /// A song the user forces in (swap or pin) keeps the jump cap for safety, stretching past
    /// the budget if it must (within 0.5×…2×), and says so.
    @Test func aForcedSongBeyondTheBudgetIsFlagged() throws {
        let planner = try PlaylistPlanner(plan: Templates.sprintIntervals(), library: bigLibrary, options: PlannerOptions(allowHalfTime: false))
        let playlist = planner.plan()
        let slow = try #require(bigLibrary.first { $0.bpm < 100 && !playlist.entries.map(\.song.id).contains($0.id) })
        let edited = try planner.rebalance(playlist, edit: .swap(3, songID: slow.id))
        let forced = edited.entries[3]
        #expect(forced.song.id == slow.id)
        #expect(!forced.withinBudget)
        #expect(forced.withinJumpCap)
        #expect(PlaylistPlanner.rateLimits.contains(forced.playbackRate))
        #expect(forced.englishWhy.contains("over your ±8% budget"))
        #expect(edited.englishWarnings.contains { $0.contains("more than ±8%") })
    }

    /// Seed 001: "the beats per minute will peak" where the effort peaks.
    @Test(arguments: Templates.builtIn().map(\.plan))
    func theTempoFollowsTheCurve(plan: WorkoutPlan) throws {
        let timeline = plan.timeline
        let playlist = try PlaylistPlanner(plan: plan, library: bigLibrary).plan()
        let targets = playlist.entries.map(\.targetBPM), played = playlist.entries.map(\.playedBPM)
        #expect(pearson(targets, played) > 0.9)
        let (planCurve, music) = sampled(playlist, timeline)
        #expect(pearson(planCurve, music) > 0.6)
        // The fastest song plays during the hardest effort.
        let fastest = try #require(playlist.entries.max { $0.playedBPM < $1.playedBPM })
        let peak = timeline.segments.map { max($0.cadenceStart, $0.cadenceEnd) }.max()!
        let hard = timeline.segments.filter { max($0.cadenceStart, $0.cadenceEnd) >= peak - 1e-9 }
        #expect(hard.contains { $0.start < fastest.end && fastest.start < $0.end })
    }

    @Test func aRampGetsFasterSongByAsong() throws {
        let playlist = try PlaylistPlanner(plan: Templates.steadyProgression(), library: bigLibrary).plan()
        let played = playlist.entries.map(\.playedBPM)
        #expect(pearson(playlist.entries.map(\.start), played) > 0.95)
        #expect(played.last! > played.first! + 10)
    }

    @Test func halfTimeSongsCarryTheCadenceWhenOnlyTheyExist() throws {
        let halfTempo = library(300, bpm: 74...94)
        let playlist = try PlaylistPlanner(plan: Templates.sprintIntervals(), library: halfTempo).plan()
        #expect(playlist.entries.allSatisfy { $0.halfTime && $0.withinBudget })
        #expect(playlist.entries[0].englishWhy.contains("half-time"))
        #expect(playlist.englishWarnings.isEmpty)
    }

    @Test func fullTempoSongsArePreferredOverHalfTime() throws {
        let playlist = try PlaylistPlanner(plan: Templates.pyramid(), library: bigLibrary).plan()
        let halfTime = playlist.entries.filter(\.halfTime).count
        #expect(halfTime * 2 < playlist.entries.count)
    }

    @Test func cyclingTakesDoubleTimeSongs() throws {
        let plan = Templates.sprintIntervals(.cycling)
        let fast = library(300, bpm: 140...220)
        let playlist = try PlaylistPlanner(plan: plan, library: fast, options: .recommended(for: .cycling)).plan()
        #expect(playlist.entries.allSatisfy { $0.beat == .doubleTime && $0.withinBudget })
        #expect(playlist.entries[0].englishWhy.contains("rpm"))
    }

    @Test func theBPMOverrideIsUsed() throws {
        let plan = try WorkoutPlan(name: "Steady", steps: [.interval(.minutes(3, "Steady", .cadence(170)))])
        let song = try Song(id: songID(1), title: "Misread", bpm: 60, durationSeconds: 180, bpmOverride: 170)
        let playlist = try PlaylistPlanner(plan: plan, library: [song], options: PlannerOptions(allowHalfTime: false)).plan()
        #expect(playlist.entries.count == 1)
        #expect(playlist.entries[0].songBPM == 170)
        #expect(playlist.entries[0].playbackRate == 1)
        #expect(playlist.entries[0].englishWhy.contains("played as recorded"))
    }

    @Test func theSameInputGivesTheSamePlaylist() throws {
        let plan = Templates.sprintIntervals()
        let a = try PlaylistPlanner(plan: plan, library: bigLibrary).plan()
        let b = try PlaylistPlanner(plan: plan, library: bigLibrary).plan()
        var rng = SeededRandom(state: 99)
        let shuffled = bigLibrary.shuffled(using: &rng)
        let c = try PlaylistPlanner(plan: plan, library: shuffled).plan()
        #expect(a == b)
        #expect(a == c)
    }

    @Test func optionsAreChecked() {
        expectRefused(field: "stretchBudget", "The stretch budget is 0% to 20%.") {
            try PlaylistPlanner(plan: Templates.pyramid(), library: [], options: PlannerOptions(stretchBudget: 0.3))
        }
        expectRefused(field: "maxJumpBPM", "The largest tempo jump between songs is 1 to 60 BPM.") {
            try PlaylistPlanner(plan: Templates.pyramid(), library: [], options: PlannerOptions(maxJumpBPM: 0))
        }
    }

    @Test func songsAreChecked() {
        expectRefused(field: "bpm", "A tempo is 30 to 300 BPM.") { try Song(title: "X", bpm: 0, durationSeconds: 100) }
        expectRefused(field: "title", "Give the song a title.") { try Song(title: " ", bpm: 100, durationSeconds: 100) }
        expectRefused(field: "bpmOverride", "A tempo is 30 to 300 BPM.") {
            try Song(title: "X", bpm: 100, durationSeconds: 100, bpmOverride: 400)
        }
    }
}

extension SeededRandom: RandomNumberGenerator {}

// MARK: Editing

@Suite(.timeLimit(.minutes(5))) struct RebalanceTests {
    let plan = Templates.sprintIntervals()
    var planner: PlaylistPlanner { try! PlaylistPlanner(plan: plan, library: bigLibrary) }

    func checkRules(_ p: Playlist) {
        #expect(p.coverage >= 0.9998)
        let ids = p.entries.map(\.song.id)
        #expect(Set(ids).count == ids.count)
        for (a, b) in zip(p.entries, p.entries.dropFirst()) { #expect(abs(b.start - PlaylistPlanner.nextStart(after: a)) < 1e-9) }
        #expect(p.entries.allSatisfy { $0.withinBudget })
    }

    @Test func removingASongTakesItOutAndKeepsWhatCameBefore() throws {
        let original = planner.plan()
        let removed = original.entries[3].song.id
        let edited = try planner.rebalance(original, edit: .remove(3))
        #expect(!edited.entries.contains { $0.song.id == removed })
        #expect(Array(edited.entries.prefix(3)) == Array(original.entries.prefix(3)))
        #expect(edited.excludedSongIDs == [removed])
        checkRules(edited)
        // A later edit still leaves it out.
        let again = try planner.rebalance(edited, edit: .remove(0))
        #expect(!again.entries.contains { $0.song.id == removed })
        #expect(Set(again.excludedSongIDs).count == 2)
    }

    @Test func pinsAreKeptWhenSomethingBeforeThemChanges() throws {
        var playlist = planner.plan()
        playlist = try planner.rebalance(playlist, edit: .pin(6))
        let pinned = playlist.entries[6]
        #expect(pinned.pinned)
        #expect(pinned.englishWhy.hasSuffix("Pinned by you."))
        let edited = try planner.rebalance(playlist, edit: .remove(2))
        let kept = try #require(edited.entries.first { $0.song.id == pinned.song.id })
        #expect(kept.pinned)
        #expect(kept.beat == pinned.beat)
        // It starts where the songs before it end, near its old start.
        #expect(kept.start > pinned.start - PlaylistPlanner.pinGapTolerance - 1)
        #expect(kept.start < pinned.start + 6 * 60)
        checkRules(edited)
    }

    @Test func pinningAloneChangesNothingElse() throws {
        let playlist = planner.plan()
        let pinned = try planner.rebalance(playlist, edit: .pin(2))
        #expect(pinned.entries.map(\.song.id) == playlist.entries.map(\.song.id))
        let unpinned = try planner.rebalance(pinned, edit: .unpin(2))
        #expect(unpinned.entries == playlist.entries)
    }

    @Test func movingASongPinsItAtItsNewPlace() throws {
        let playlist = planner.plan()
        let moved = playlist.entries[7].song.id
        let edited = try planner.rebalance(playlist, edit: .move(from: 7, to: 2))
        #expect(edited.entries[2].song.id == moved)
        #expect(edited.entries[2].pinned)
        #expect(Array(edited.entries.prefix(2)) == Array(playlist.entries.prefix(2)))
        #expect(edited.entries.filter { $0.song.id == moved }.count == 1)
        #expect(edited.coverage >= 0.9998)
    }

    @Test func swappingPutsTheChosenSongIn() throws {
        let playlist = planner.plan()
        let chosen = bigLibrary.first { song in !playlist.entries.contains { $0.song.id == song.id } && abs(song.bpm - 172) < 5 }!
        let replaced = playlist.entries[4].song.id
        let edited = try planner.rebalance(playlist, edit: .swap(4, songID: chosen.id))
        #expect(edited.entries[4].song.id == chosen.id)
        #expect(edited.entries[4].pinned)
        #expect(!edited.entries.contains { $0.song.id == replaced })
        #expect(edited.excludedSongIDs.contains(replaced))
        #expect(edited.coverage >= 0.9998)
    }

    @Test func insertingASongPutsItThereAndReplansWhatFollows() throws {
        let playlist = planner.plan()
        let chosen = bigLibrary.first { song in !playlist.entries.contains { $0.song.id == song.id } && abs(song.bpm - 160) < 6 }!
        let edited = try planner.rebalance(playlist, edit: .insert(3, songID: chosen.id))
        #expect(Array(edited.entries.prefix(3)) == Array(playlist.entries.prefix(3)), "the songs before it stay")
        #expect(edited.entries[3].song.id == chosen.id && edited.entries[3].pinned)
        #expect(abs(edited.entries[3].start - playlist.entries[3].start) < 1e-9, "it starts where the old fourth song did")
        #expect(edited.entries[4].start >= PlaylistPlanner.nextStart(after: edited.entries[3]) - 1e-9, "what follows starts after it")
        #expect(edited.entries.filter { $0.song.id == chosen.id }.count == 1)
        #expect(edited.coverage >= 0.9998)
        checkRules(edited)
        // At the end: appended after the last song.
        let appended = try planner.rebalance(playlist, edit: .insert(playlist.entries.count, songID: chosen.id))
        #expect(appended.entries.last?.song.id == chosen.id)
        #expect(Array(appended.entries.dropLast()) == playlist.entries)
        expectRefused(field: "edit.index", "Add the song at a position from 1 to \(playlist.entries.count + 1).") {
            try planner.rebalance(playlist, edit: .insert(playlist.entries.count + 1, songID: chosen.id))
        }
    }

    @Test func editsAreDeterministic() throws {
        let playlist = planner.plan()
        let a = try planner.rebalance(playlist, edit: .move(from: 1, to: 5))
        let b = try planner.rebalance(playlist, edit: .move(from: 1, to: 5))
        #expect(a == b)
    }

    @Test func aBadEditNamesTheField() throws {
        let playlist = planner.plan()
        let count = playlist.entries.count
        expectRefused(field: "edit.index", "There is no entry \(count + 1); the playlist has \(count).") {
            try planner.rebalance(playlist, edit: .remove(count))
        }
        expectRefused(field: "edit.to", "There is no entry 100; the playlist has \(count).") {
            try planner.rebalance(playlist, edit: .move(from: 0, to: 99))
        }
        expectRefused(field: "edit.songID", "That song is not in your library.") {
            try planner.rebalance(playlist, edit: .swap(0, songID: UUID()))
        }
    }
}

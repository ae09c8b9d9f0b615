import Foundation
import Testing
@testable import Tempo

/// The mix laid out from a real planned playlist: beats fall together through every crossfade, hand-overs keep to
/// the playlist's timeline, the tempo follows the plan inside a song, and the mix covers the plan.
@Suite(.timeLimit(.minutes(5))) struct MixPlannerTests {
    /// Songs whose beats start at `offset` and come every 60/bpm s.
    static func song(bpm: Double, seconds: Double, offset: Double = 0.3) -> MixSong {
        MixSong(durationSeconds: seconds, beats: Array(stride(from: offset, to: seconds - 0.2, by: 60 / bpm)))
    }

    func planned(_ plan: WorkoutPlan? = nil) throws -> (Playlist, [UUID: MixSong], PlanTimeline) {
        let plan = try plan ?? WorkoutPlan(name: "Two steps", steps: [
            .interval(.minutes(6, "Steady", .cadence(160))), .interval(.minutes(6, "Faster", .cadence(170))),
        ])
        let bpms: [Double] = [158, 161, 163, 166, 169, 172, 157, 171, 175, 178, 181, 184]
        let library = try bpms.enumerated().map { try Song(title: "Song \($0.offset)", bpm: $0.element, durationSeconds: 150 + Double($0.offset) * 7) }
        let playlist = try PlaylistPlanner(plan: plan, library: library).plan()
        let songs = Dictionary(uniqueKeysWithValues: library.map { ($0.id, Self.song(bpm: $0.bpm, seconds: $0.durationSeconds, offset: 0.3 + Double($0.title.count % 3) * 0.1)) })
        return (playlist, songs, PlanTimeline(plan: plan))
    }

    @Test func beatsFallTogetherThroughEveryCrossfade() throws {
        let (playlist, songs, timeline) = try planned()
        let mix = MixPlanner.plan(playlist, songs: songs, timeline: timeline)
        #expect(mix.parts.count == playlist.entries.count)
        #expect(mix.parts.map(\.entry) == Array(playlist.entries.indices), "one part per entry, in order")
        #expect(mix.parts.count >= 4)
        for (before, part) in zip(mix.parts, mix.parts.dropFirst()) {
            let centre = try #require(part.alignedAt, "a crossfade without aligned beats")
            // The fade is the overlap, and the alignment sits in its middle.
            #expect(abs((before.mixEnd - part.mixStart) - part.fadeIn) < 1e-6)
            #expect(abs(centre - (part.mixStart + part.fadeIn / 2)) < 1e-6)
            #expect(part.fadeIn >= 1 && part.fadeIn <= 6)
            // The incoming song plays the fade at the outgoing one's beat period: every outgoing beat in the fade from
            // the incoming song's first beat on has an incoming beat within a millisecond (not only the one at the centre).
            #expect(part.tempoMatched)
            let incoming = songs[part.songID]!.beats.map { part.mixTime($0) }
            let outgoing = songs[before.songID]!.beats.map { before.mixTime($0) }.filter { $0 >= incoming[0] - 1e-6 && $0 <= before.mixEnd }
            #expect(outgoing.count >= 2)
            for beat in outgoing { #expect(incoming.contains { abs($0 - beat) < 0.001 }, "outgoing beat at \(beat) alone") }
            #expect(outgoing.contains { abs($0 - centre) < 1e-6 })
            // Each song's part lies inside its file, give or take the silence of half a fade.
            #expect(part.sourceStart >= -part.fadeIn && before.sourceEnd <= songs[before.songID]!.durationSeconds + part.fadeIn)
        }
    }

    /// The playlist overlaps its entries by the crossfades, so hand-overs keep to its timeline: each within two beats
    /// of the middle of the planned overlap (a beat to land on, and the incoming song's lead-in to its first beat),
    /// with no drift building up; the mix ends with the plan.
    @Test func handOversKeepToThePlaylistWithoutDrift() throws {
        let (playlist, songs, timeline) = try planned()
        let mix = MixPlanner.plan(playlist, songs: songs, timeline: timeline)
        for (index, part) in mix.parts.enumerated().dropFirst() {
            let before = playlist.entries[index - 1]
            let beat = 60 / before.playedBPM
            let planned = playlist.entries[index].start + part.fadeIn / 2
            #expect(abs(part.alignedAt! - planned) <= 2 * beat, "hand-over \(index) at \(part.alignedAt!), planned \(planned) \(mix.parts.enumerated().dropFirst().map { $0.element.alignedAt! - playlist.entries[$0.offset].start - $0.element.fadeIn / 2 })")
        }
        #expect(mix.duration <= playlist.planDuration + 1e-6)
        #expect(mix.duration >= playlist.planDuration - 1, "\(mix.duration) for \(playlist.planDuration)")
        #expect(mix.fadeOut == MixPlanner.finalFadeOut)
    }

    /// A plan that ramps from 155 to 175 steps/min: the music ramps inside each song (within its budget, at most 1 %
    /// a beat), staying within 1 % of the plan wherever the budget reaches it.
    @Test func theTempoFollowsARampInsideEachSong() throws {
        let ramp = try WorkoutPlan(name: "Ramp", steps: [.interval(.minutes(15, "Build", .cadence(155), to: .cadence(175)))])
        let (playlist, songs, timeline) = try planned(ramp)
        let mix = MixPlanner.plan(playlist, songs: songs, timeline: timeline)
        var checked = 0
        for (part, entry) in zip(mix.parts, mix.parts.map { playlist.entries[$0.entry] }) {
            #expect(part.tempo.count > 3, "\(entry.song.title) keeps one rate through a ramp")
            for (a, b) in zip(part.tempo, part.tempo.dropFirst()) { #expect(abs(b.rate - a.rate) <= MixPlanner.maxRateChangePerBeat + 1e-9) }
            let carried = entry.songBPM * entry.beat.cadencePerBeat
            for t in stride(from: part.mixStart + part.fadeIn + 10, to: part.mixEnd - 5, by: 5) {
                let played = carried * part.rate(at: part.sourceTime(atMix: t))
                let wanted = timeline.cadence(at: t)
                let reachable = abs(wanted / carried - 1) <= playlist.options.stretchBudget
                if reachable {
                    #expect(abs(played / wanted - 1) < 0.01, "\(entry.song.title) at \(t): \(played) for \(wanted)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func gridsThatDoNotAgreeMeetOnlyInTheMiddle() throws {
        let (playlist, songs, timeline) = try planned()
        // Every other song's tracker found beats at 3:2 (a triplet reading): no 1:1 or 2:1 period near its own rate.
        var odd = songs
        for (index, entry) in playlist.entries.enumerated() where index % 2 == 1 {
            odd[entry.song.id] = Self.song(bpm: entry.songBPM * 1.5, seconds: entry.song.durationSeconds)
        }
        let mix = MixPlanner.plan(playlist, songs: odd, timeline: timeline)
        for part in mix.parts.dropFirst() {
            #expect(!part.tempoMatched)
            #expect(part.alignedAt != nil)
            #expect(abs(part.rate(at: part.sourceStart) - part.rate) < 0.02, "plays the fade near its own rate")
        }
    }

    @Test func songsWithoutBeatsAreCutAtThePlannedTimeUnaligned() throws {
        let (playlist, songs, timeline) = try planned()
        let beatless = songs.mapValues { MixSong(durationSeconds: $0.durationSeconds, beats: []) }
        let mix = MixPlanner.plan(playlist, songs: beatless, timeline: timeline)
        for (index, part) in mix.parts.enumerated().dropFirst() {
            let before = playlist.entries[index - 1]
            #expect(part.alignedAt == nil && !part.tempoMatched)
            #expect(abs(part.fadeIn - MixPlanner.fadeLength(songBPM: before.songBPM, rate: before.playbackRate)) < 1e-9)
        }
        #expect(mix.duration >= playlist.planDuration - 1)
    }

    @Test func withoutATimelineEachSongKeepsItsRate() throws {
        let (playlist, songs, _) = try planned()
        let mix = MixPlanner.plan(playlist, songs: songs)
        for part in mix.parts {
            let after = part.tempo.filter { part.mixTime($0.source) >= part.mixStart + part.fadeIn + 10 }
            #expect(after.allSatisfy { abs($0.rate - part.rate) < 0.001 })
        }
    }
}

import Foundation
import Testing
@testable import Tempo

/// The mix laid out from a real planned playlist: beats coincide in the middle of every crossfade, hand-overs follow
/// the playlist's timeline, and the mix covers the plan.
@Suite struct MixPlannerTests {
    /// Songs whose beats start at `offset` and come every 60/bpm s, bars every four beats from the first.
    static func song(bpm: Double, seconds: Double, offset: Double = 0.3) -> MixSong {
        let beats = Array(stride(from: offset, to: seconds - 0.2, by: 60 / bpm))
        return MixSong(durationSeconds: seconds, beats: beats, barStarts: stride(from: 0, to: beats.count, by: 4).map { beats[$0] })
    }

    func planned() throws -> (Playlist, [UUID: MixSong]) {
        let plan = try WorkoutPlan(name: "Two steps", steps: [
            .interval(.minutes(6, "Steady", .cadence(160))), .interval(.minutes(6, "Faster", .cadence(170))),
        ])
        let bpms: [Double] = [158, 161, 163, 166, 169, 172, 157, 171]
        let library = try bpms.enumerated().map { try Song(title: "Song \($0.offset)", bpm: $0.element, durationSeconds: 150 + Double($0.offset) * 7) }
        let playlist = try PlaylistPlanner(plan: plan, library: library).plan()
        let songs = Dictionary(uniqueKeysWithValues: library.map { ($0.id, Self.song(bpm: $0.bpm, seconds: $0.durationSeconds, offset: 0.3 + Double($0.title.count % 3) * 0.1)) })
        return (playlist, songs)
    }

    /// Mix time of a file time in a part.
    func mixTime(_ part: MixPlan.Part, _ source: Double) -> Double { part.mixStart + (source - part.sourceStart) / part.rate }

    @Test func beatsCoincideInTheMiddleOfEveryCrossfade() throws {
        let (playlist, songs) = try planned()
        let mix = MixPlanner.plan(playlist, songs: songs)
        #expect(mix.parts.count == playlist.entries.count)
        #expect(mix.parts.map(\.entry) == Array(playlist.entries.indices), "one part per entry, in order")
        #expect(mix.parts.count >= 4)
        for (before, part) in zip(mix.parts, mix.parts.dropFirst()) {
            let centre = try #require(part.alignedAt, "a crossfade without aligned beats")
            // The fade is the overlap, and the alignment sits in its middle.
            #expect(abs((before.mixEnd - part.mixStart) - part.fadeIn) < 1e-6)
            #expect(abs(centre - (part.mixStart + part.fadeIn / 2)) < 1e-6)
            // A beat of each song is heard at the centre.
            let outgoing = songs[before.songID]!.beats.map { mixTime(before, $0) }
            let incoming = songs[part.songID]!.barStarts.map { mixTime(part, $0) }
            #expect(outgoing.contains { abs($0 - centre) < 1e-6 }, "no outgoing beat at \(centre)")
            #expect(incoming.contains { abs($0 - centre) < 1e-6 }, "no incoming bar start at \(centre)")
            // Four beats of the outgoing song as played, at most 6 s.
            #expect(part.fadeIn > 1 && part.fadeIn <= 6)
            // Each song's part lies inside its file.
            #expect(part.sourceStart >= 0 && part.sourceEnd <= songs[part.songID]!.durationSeconds + 1e-9)
        }
    }

    /// Each crossfade shortens the mix by the overlap (and the incoming song's few seconds before its first bar), so
    /// hand-overs come early by at most what the fades before them took, plus a beat; never late.
    @Test func handOversFollowThePlaylistEarlyByNoMoreThanTheFadesBefore() throws {
        let (playlist, songs) = try planned()
        let mix = MixPlanner.plan(playlist, songs: songs)
        var taken = 0.0
        for (index, part) in mix.parts.enumerated().dropFirst() {
            let beat = 60 / playlist.entries[index - 1].playedBPM
            let incomingBar = songs[part.songID]!.barStarts.first { $0 >= part.fadeIn / 2 * part.rate }!
            taken += part.fadeIn + (incomingBar - part.fadeIn / 2 * part.rate) / part.rate
            let early = playlist.entries[index].start - part.alignedAt!
            #expect(early >= -beat && early <= taken + beat, "hand-over \(index) \(early) s early; fades so far \(taken) s")
        }
        #expect(mix.duration <= playlist.planDuration + 1e-6)
        #expect(mix.duration >= playlist.planDuration - taken - 1, "\(mix.duration) for \(playlist.planDuration)")
        #expect(mix.fadeOut == MixPlanner.finalFadeOut)
    }

    @Test func songsWithoutBeatsAreCutAtThePlannedTimeUnaligned() throws {
        let (playlist, songs) = try planned()
        let beatless = songs.mapValues { MixSong(durationSeconds: $0.durationSeconds, beats: [], barStarts: []) }
        let mix = MixPlanner.plan(playlist, songs: beatless)
        #expect(mix.parts.dropFirst().allSatisfy { $0.alignedAt == nil && $0.fadeIn == 3 })
        #expect(mix.duration >= playlist.planDuration - 3 * Double(mix.parts.count) - 1)
    }
}

import CadenceCore
import Foundation
import Testing
@testable import Tempo

@Suite(.timeLimit(.minutes(5))) struct CamelotKeyTests {
    @Test(arguments: [("8A", "8A", true), ("8A", "9A", true), ("8A", "7A", true), ("12B", "1B", true), ("8A", "8B", true),
                      ("8A", "9B", false), ("8A", "10A", false), ("3B", "8A", false), ("1A", "11A", false)])
    func neighboursOnTheWheelMix(a: String, b: String, mixes: Bool) throws {
        let x = try #require(CamelotKey(code: a)), y = try #require(CamelotKey(code: b))
        #expect(x.mixes(with: y) == mixes)
        #expect(y.mixes(with: x) == mixes)
    }

    @Test(arguments: ["", "8", "13A", "0B", "8C", "A8", "x"])
    func onlyWheelCodesAreKeys(code: String) {
        #expect(CamelotKey(code: code) == nil)
    }

    @Test func aSongKeepsItsKeyThroughJSON() throws {
        let song = try Song(id: songID(1), title: "Keyed", bpm: 170, durationSeconds: 200, key: CamelotKey(code: "11b"))
        let decoded = try JSONDecoder().decode(Song.self, from: JSONEncoder().encode(song))
        #expect(decoded.key?.code == "11B")
        // Playlists saved before keys were known still decode.
        let old = #"{"id":"00000000-0000-4000-8000-000000000001","title":"Old","bpm":170,"durationSeconds":200}"#
        #expect(try JSONDecoder().decode(Song.self, from: Data(old.utf8)).key == nil)
    }
}

@Suite(.timeLimit(.minutes(5))) struct KeyTransitionTests {
    let steady = try! WorkoutPlan(name: "Steady", steps: [.interval(.minutes(20, "Steady", .cadence(170)))])
    let direct = PlannerOptions(allowHalfTime: false)

    func song(_ n: Int, _ key: String?, bpm: Double = 170) throws -> Song {
        try Song(id: songID(n), title: "Song \(n)", bpm: bpm, durationSeconds: 200, key: key.flatMap { CamelotKey(code: $0) })
    }

    @Test func songsThatFitTheTempoAlikeFollowInNeighbouringKeys() throws {
        // Every song fits the tempo exactly. In id order (the planner's tie-break) the wheel songs would clash at four
        // of five hand-overs (8A 9B 10A 11A 9A 10B); only one order chains them: 8A 9A 9B 10B 10A 11A.
        let wheel = try ["8A", "9B", "10A", "11A", "9A", "10B"].enumerated().map { try song($0.offset + 1, $0.element) }
        let clashing = try ["3B", "5A", "1B", "2A", "6B", "1A"].enumerated().map { try song($0.offset + 7, $0.element) }
        let plan = try WorkoutPlan(name: "Steady", steps: [.interval(.minutes(40, "Steady", .cadence(170)))])
        let playlist = try PlaylistPlanner(plan: plan, library: wheel + clashing, options: direct).plan()
        #expect(playlist.entries.prefix(6).compactMap(\.song.key?.code) == ["8A", "9A", "9B", "10B", "10A", "11A"])
        for entry in playlist.entries[1..<6] { #expect(entry.englishWhy.contains("mixes well after “Song")) }
        #expect(playlist.entries[1].englishWhy.contains("Its key (9A) mixes well after “Song 1” (8A)."))
        #expect(playlist.entries.allSatisfy { $0.reachesTarget && abs($0.playbackRate - 1) < 1e-9 })
    }

    @Test func theTempoComesBeforeTheKey() throws {
        // After an 8A song, a 9A song that cannot reach 170 within the 8 % budget loses to a clashing one that can.
        let first = try song(1, "8A")
        let offTempo = try song(2, "9A", bpm: 150)   // at most 162 within +8 %: 5 % short
        let onTempo = try song(3, "3B")
        let plan = try WorkoutPlan(name: "Short", steps: [.interval(.minutes(6, "Steady", .cadence(170)))])
        let playlist = try PlaylistPlanner(plan: plan, library: [first, offTempo, onTempo], options: direct).plan()
        #expect(playlist.entries.map(\.song.id).prefix(2) == [first.id, onTempo.id])
        #expect(playlist.entries[1].englishWhy.contains("is not a neighbour of “Song 1” (8A)"))
    }

    @Test func songsWithoutAKeyAreNeitherPreferredNorHeldBack() throws {
        let unknown = try (1...3).map { try song($0, nil) }
        let playlist = try PlaylistPlanner(plan: steady, library: unknown + [try song(4, "8A")], options: direct).plan()
        #expect(playlist.entries.map(\.song.id).prefix(4) == [songID(1), songID(2), songID(3), songID(4)])
        #expect(!playlist.entries.contains { $0.englishWhy.contains("key") })
    }
}

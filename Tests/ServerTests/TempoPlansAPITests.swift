import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import TempoService
import TempoStorage
import Testing
import Web

/// `/api/v1/tempo/templates`, `/plans` and `/playlists`: workout plans and the playlists planned for them.
@Suite(.timeLimit(.minutes(5))) struct TempoPlansAPITests {
    static let intervalsName = "6 × (2 min sprint + 3 min easy) + 10 min cool-down"

    /// A written plan: 5 min easy, 4 × (1 min fast + 1 min easy), a 5 min ramp down.
    static let writtenPlan = #"""
        {"name": "Tuesday", "activity": "running", "steps": [
          {"interval": {"name": "Warm-up", "length": {"seconds": 300}, "target": {"zone": 2}}},
          {"repeat": {"count": 4, "steps": [
            {"interval": {"length": {"seconds": 60}, "target": {"cadence": 180}}},
            {"interval": {"length": {"seconds": 60}, "target": {"cadence": 160}}}]}},
          {"interval": {"name": "Down", "length": {"seconds": 300}, "target": {"zone": 3}, "endTarget": {"zone": 1}}}]}
        """#

    @Test func threeTemplatesShipAndOneBecomesAPlan() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("plans"))
            let templates = try await client.json(.get, "/api/v1/tempo/templates", token: token)
            #expect(templates.status == .ok)
            let names = templates.array.compactMap { ($0["plan"] as? [String: Any])?["name"] as? String }
            #expect(names == [Self.intervalsName, "Pyramid", "Steady progression"])
            #expect(templates.array.map { $0["totalSeconds"] as? Double } == [2400, 1920, 2400])
            let cycling = try await client.json(.get, "/api/v1/tempo/templates?activity=cycling", token: token).array
            #expect(cycling.count == 3)
            #expect(cycling.allSatisfy { ($0["plan"] as? [String: Any])?["activity"] as? String == "cycling" })
            #expect(Set(cycling.compactMap { $0["templateId"] as? String }).isDisjoint(with: templates.array.compactMap { $0["templateId"] as? String }))
            let badActivity = try await client.json(.get, "/api/v1/tempo/templates?activity=swimming", token: token)
            #expect(badActivity.status == .badRequest)
            #expect(badActivity.errorField == "activity")

            let intervals = try #require(templates.array.first)
            let templateID = try #require(intervals["templateId"] as? String)
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)"}"#, token: token)
            #expect(created.status == .created, "\(created.text)")
            #expect(created.object["totalSeconds"] as? Double == 2400.0, "40 minutes")
            let plan = try #require(created.object["plan"] as? [String: Any])
            let planID = try #require(plan["id"] as? String)
            #expect(planID != templateID)
            #expect(plan["name"] as? String == Self.intervalsName)
            #expect(created.object["templateId"] == nil)
            // 6 × (sprint + easy) + cool-down, laid out in time; the curve peaks at zone 5's cadence.
            let segments = try #require(created.object["segments"] as? [[String: Any]])
            #expect(segments.count == 13)
            let curve = try #require(created.object["curve"] as? [[String: Any]])
            #expect(!curve.isEmpty)

            let named = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)", "name": "My intervals"}"#, token: token)
            #expect((named.object["plan"] as? [String: Any])?["name"] as? String == "My intervals")
            let unknown = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(UUID())"}"#, token: token)
            #expect(unknown.status == .badRequest)
            #expect(unknown.errorField == "template")

            let listed = try await client.json(.get, "/api/v1/tempo/plans", token: token).array
            #expect(listed.compactMap { ($0["plan"] as? [String: Any])?["name"] as? String } == [Self.intervalsName, "My intervals"])
            let shown = try await client.json(.get, "/api/v1/tempo/plans/\(planID)", token: token)
            #expect(shown.status == .ok)
            #expect(shown.object["totalSeconds"] as? Double == 2400)
        }
    }

    @Test func aWrittenPlanIsCheckedReplacedAndDeleted() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("plans"))
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: Self.writtenPlan, token: token)
            #expect(created.status == .created, "\(created.text)")
            #expect(created.object["totalSeconds"] as? Double == 1080.0, "5 + 4 × 2 + 5 minutes")
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String)
            // The unnamed intervals get names from their targets; the ramp keeps its end target.
            let steps = try #require((created.object["plan"] as? [String: Any])?["steps"] as? [[String: Any]])
            let inner = (steps[1]["repeat"] as? [String: Any])?["steps"] as? [[String: Any]]
            #expect((inner?.first?["interval"] as? [String: Any])?["name"] as? String == "180 steps/min")
            #expect(((steps[2]["interval"] as? [String: Any])?["endTarget"] as? [String: Any])?["zone"] as? Int == 1)

            let badZone = try await client.json(.post, "/api/v1/tempo/plans", body: #"""
                {"name": "Bad", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 9}}}]}
                """#, token: token)
            #expect(badZone.status == .badRequest)
            let field = badZone.errorField ?? ""
            #expect(field.hasPrefix("steps[0]") && field.hasSuffix("target"), "\(badZone.text)")
            let deep = try await client.json(.post, "/api/v1/tempo/plans", body: #"""
                {"name": "Bad", "steps": [{"repeat": {"count": 2, "steps": [{"interval": {"length": {"seconds": 1}, "target": {"zone": 3}}}]}}]}
                """#, token: token)
            #expect(deep.status == .badRequest)
            #expect(deep.errorField?.hasPrefix("steps[0].repeat.steps[0]") == true, "\(deep.text)")
            let badCount = try await client.json(.post, "/api/v1/tempo/plans", body: #"""
                {"name": "Bad", "steps": [{"repeat": {"count": 0, "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 3}}}]}}]}
                """#, token: token)
            #expect(badCount.errorField == "steps[0].repeat.count", "\(badCount.text)")
            let mixedRamp = try await client.json(.post, "/api/v1/tempo/plans", body: #"""
                {"name": "Bad", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 3}, "endTarget": {"cadence": 170}}}]}
                """#, token: token)
            #expect(mixedRamp.status == .badRequest)
            #expect(mixedRamp.errorField?.hasSuffix("endTarget") == true, "\(mixedRamp.text)")
            let noSteps = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"name": "Empty", "steps": []}"#, token: token)
            #expect(noSteps.errorField == "steps")
            let noName = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"name": " ", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 3}}}]}"#, token: token)
            #expect(noName.errorField == "name")
            #expect(try await client.json(.get, "/api/v1/tempo/plans", token: token).array.count == 1)

            let replaced = try await client.json(.put, "/api/v1/tempo/plans/\(planID)", body: #"""
                {"name": "Tuesday, shorter", "activity": "running", "steps": [{"interval": {"length": {"metres": 1000}, "target": {"pace": 300}}}]}
                """#, token: token)
            #expect(replaced.status == .ok, "\(replaced.text)")
            #expect((replaced.object["plan"] as? [String: Any])?["id"] as? String == planID)
            #expect(replaced.object["totalMetres"] as? Double == 1000)
            #expect(abs((replaced.object["totalSeconds"] as? Double ?? 0) - 300) < 1, "1 km at 5:00 /km: \(replaced.object["totalSeconds"] ?? "")")
            let shown = try await client.json(.get, "/api/v1/tempo/plans/\(planID)", token: token)
            #expect((shown.object["plan"] as? [String: Any])?["name"] as? String == "Tuesday, shorter")
            let badPut = try await client.json(.put, "/api/v1/tempo/plans/\(planID)", body: #"{"name": "x", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 0}}}]}"#, token: token)
            #expect(badPut.status == .badRequest)
            #expect(try await client.json(.put, "/api/v1/tempo/plans/\(UUID())", body: Self.writtenPlan, token: token).status == .notFound)

            #expect(try await client.json(.delete, "/api/v1/tempo/plans/\(planID)", token: token).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/tempo/plans/\(planID)", token: token).status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/tempo/plans/\(planID)", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/tempo/plans", token: token).array.isEmpty)
        }
    }

    /// 24 songs from 140 to 189 BPM (and some half-time ones), 2½ to 4½ minutes: enough for 40 minutes without repeats.
    static func seedLibrary(_ server: TestServer, account: UUID) async throws -> [SongRecord] {
        var songs: [SongRecord] = []
        for i in 0..<24 {
            let bpm = i % 6 == 5 ? Double(78 + i) : Double(140 + (i * 23) % 50)
            songs.append(try await TempoLibrarySeed.song(server.database, accountID: account, title: "Song \(i)", bpm: bpm,
                                                         seconds: Double(150 + (i * 37) % 120)))
        }
        return songs
    }

    static func entries(_ response: TestResponse) -> [[String: Any]] {
        (response.object["playlist"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    }

    static func songID(_ entry: [String: Any]) -> String? {
        ((entry["song"] as? [String: Any])?["id"] as? String)?.lowercased()
    }

    @Test func aPlaylistFollowsThePlanWithinTheBudget() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("playlist"))
            let account = try await client.accountID(token: token)
            let templateID = try #require(try await client.json(.get, "/api/v1/tempo/templates", token: token).array.first?["templateId"] as? String)
            let planID = try #require((try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)"}"#, token: token)
                .object["plan"] as? [String: Any])?["id"] as? String)

            // Songs still being analysed do not count.
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Waiting", bpm: 0, seconds: 200, analysis: .pending)
            let empty = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            #expect(empty.status == .badRequest)
            #expect(empty.errorField == "library")

            let library = try await Self.seedLibrary(server, account: account)
            let created = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            #expect(created.status == .created, "\(created.text)")
            let playlistID = try #require(created.object["id"] as? String)
            #expect((created.object["planId"] as? String)?.lowercased() == planID.lowercased())
            let playlist = try #require(created.object["playlist"] as? [String: Any])
            #expect(playlist["planDuration"] as? Double == 2400)
            #expect(abs((playlist["coverage"] as? Double ?? 0) - 1) < 0.001, "\(playlist["coverage"] ?? "")")
            let entries = Self.entries(created)
            #expect(entries.count >= 10)
            // From 0 to the end of the plan, each song coming in over the last four beats of the one before (1–6 s).
            #expect(entries.first?["start"] as? Double == 0)
            for (a, b) in zip(entries, entries.dropFirst()) {
                let end = (a["start"] as? Double ?? 0) + (a["duration"] as? Double ?? 0)
                let played = (a["songBPM"] as? Double ?? 0) * (a["playbackRate"] as? Double ?? 0)
                let overlap = min(6, max(1, 4 * 60 / played))
                #expect(abs(end - overlap - (b["start"] as? Double ?? -1)) < 0.01)
            }
            let last = try #require(entries.last)
            #expect((last["start"] as? Double ?? 0) + (last["duration"] as? Double ?? 0) >= 2400 - 0.5)
            // Each entry explains itself and stays in the ±8% budget, or says it could not.
            for entry in entries {
                let stretch = try #require(entry["stretchPercent"] as? Double)
                if entry["withinBudget"] as? Bool == true {
                    #expect(abs(stretch) <= 8 + 1e-6, "\(entry)")
                }
                #expect(entry["targetBPM"] is Double && entry["songBPM"] is Double && entry["playedBPM"] is Double)
                let why = entry["why"] as? String ?? ""
                let title = (entry["song"] as? [String: Any])?["title"] as? String ?? "?"
                #expect(why.contains(title) && why.contains("steps/min"), "\(why)")
            }
            // No song twice: the library is large enough.
            let ids = entries.compactMap(Self.songID)
            #expect(Set(ids).count == ids.count)
            #expect(entries.allSatisfy { $0["repeated"] as? Bool == false })
            // The titles and file addresses of the songs used come along.
            let songs = created.object["songs"] as? [[String: Any]] ?? []
            #expect(Set(songs.compactMap { ($0["id"] as? String)?.lowercased() }) == Set(ids))
            #expect(Set(ids).isSubset(of: Set(library.map { $0.id.uuidString.lowercased() })))

            // The same inputs give the same playlist.
            let again = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            #expect(Self.entries(again).compactMap(Self.songID) == ids)
            #expect(try await client.json(.get, "/api/v1/tempo/plans/\(planID)/playlists", token: token).array.count == 2)
            let shown = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token)
            #expect(shown.status == .ok)
            #expect(Self.entries(shown).compactMap(Self.songID) == ids)

            // The person's own limits: a tighter budget is kept; a budget past 20% is refused.
            let tight = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", body: #"""
                {"options": {"stretchBudget": 0.04, "maxJumpBPM": 10, "allowHalfTime": false, "allowDoubleTime": false, "allowRepeats": false}}
                """#, token: token)
            #expect(tight.status == .created, "\(tight.text)")
            for entry in Self.entries(tight) where entry["withinBudget"] as? Bool == true {
                #expect(abs(entry["stretchPercent"] as? Double ?? 99) <= 4 + 1e-6)
            }
            #expect(Self.entries(tight).allSatisfy { $0["beat"] as? String == "direct" })
            let loose = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", body: #"""
                {"options": {"stretchBudget": 0.5, "maxJumpBPM": 12, "allowHalfTime": true, "allowDoubleTime": false, "allowRepeats": false}}
                """#, token: token)
            #expect(loose.status == .badRequest)
            #expect(loose.errorField?.hasSuffix("stretchBudget") == true, "\(loose.text)")
        }
    }

    @Test func editsRebalanceThePlaylistAndKeepPins() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("playlist"))
            let account = try await client.accountID(token: token)
            let library = try await Self.seedLibrary(server, account: account)
            let templateID = try #require(try await client.json(.get, "/api/v1/tempo/templates", token: token).array.first?["templateId"] as? String)
            let planID = try #require((try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)"}"#, token: token)
                .object["plan"] as? [String: Any])?["id"] as? String)
            let created = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            let playlistID = try #require(created.object["id"] as? String)
            let edits = "/api/v1/tempo/playlists/\(playlistID)/edits"
            var entries = Self.entries(created)

            // Pin the second entry, then remove the first: the removed song is gone for good, the pin stays.
            let pinned = try await client.json(.post, edits, body: #"{"op": "pin", "index": 1}"#, token: token)
            #expect(pinned.status == .ok, "\(pinned.text)")
            #expect(Self.entries(pinned)[1]["pinned"] as? Bool == true)
            #expect((Self.entries(pinned)[1]["why"] as? String)?.contains("Pinned") == true)
            let pinnedSong = try #require(Self.songID(Self.entries(pinned)[1]))
            let removedSong = try #require(Self.songID(entries[0]))
            let removed = try await client.json(.post, edits, body: #"{"op": "remove", "index": 0}"#, token: token)
            #expect(removed.status == .ok, "\(removed.text)")
            entries = Self.entries(removed)
            #expect(!entries.compactMap(Self.songID).contains(removedSong))
            #expect(((removed.object["playlist"] as? [String: Any])?["excludedSongIDs"] as? [String])?.map { $0.lowercased() } == [removedSong])
            // The pin keeps its song; the gap its old start leaves is filled again.
            let pinIndex = try #require(entries.firstIndex { Self.songID($0) == pinnedSong }, "the pinned song stays")
            #expect(entries[pinIndex]["pinned"] as? Bool == true)
            #expect(entries.first?["start"] as? Double == 0)
            let last = try #require(entries.last)
            #expect((last["start"] as? Double ?? 0) + (last["duration"] as? Double ?? 0) >= 2400 - 0.5, "the plan is still covered")

            // Move the fifth entry to second place: it is pinned there; the earlier pin stays.
            let moving = try #require(Self.songID(entries[4]))
            let moved = try await client.json(.post, edits, body: #"{"op": "move", "index": 4, "to": 1}"#, token: token)
            #expect(moved.status == .ok, "\(moved.text)")
            entries = Self.entries(moved)
            #expect(Self.songID(entries[1]) == moving)
            #expect(entries[1]["pinned"] as? Bool == true)
            #expect(entries.contains { Self.songID($0) == pinnedSong && $0["pinned"] as? Bool == true })

            // Swap in a song that is not playing at an unpinned place: it is there, pinned, and the one it replaced is left out.
            let playing = Set(entries.compactMap(Self.songID))
            let unused = try #require(library.first { !playing.contains($0.id.uuidString.lowercased()) && $0.id.uuidString.lowercased() != removedSong })
            let swapAt = try #require(entries.indices.dropFirst(2).first { entries[$0]["pinned"] as? Bool == false })
            let swappedOut = try #require(Self.songID(entries[swapAt]))
            let swapped = try await client.json(.post, edits, body: #"{"op": "swap", "index": \#(swapAt), "songId": "\#(unused.id)"}"#, token: token)
            #expect(swapped.status == .ok, "\(swapped.text)")
            entries = Self.entries(swapped)
            #expect(Self.songID(entries[swapAt]) == unused.id.uuidString.lowercased())
            #expect(entries[swapAt]["pinned"] as? Bool == true)
            #expect(!entries.compactMap(Self.songID).contains(swappedOut))
            #expect(entries.contains { Self.songID($0) == pinnedSong && $0["pinned"] as? Bool == true }, "pins survive later edits")

            // Unpin: the entry stays where it is, no longer pinned.
            let pinAt = try #require(entries.firstIndex { Self.songID($0) == pinnedSong })
            let unpinned = try await client.json(.post, edits, body: #"{"op": "unpin", "index": \#(pinAt)}"#, token: token)
            #expect(Self.entries(unpinned)[pinAt]["pinned"] as? Bool == false)
            #expect(Self.songID(Self.entries(unpinned)[pinAt]) == pinnedSong)
            // Edits are kept.
            let shown = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token)
            #expect(Self.entries(shown).compactMap(Self.songID) == Self.entries(unpinned).compactMap(Self.songID))

            // Edits that cannot be done say which field is wrong, and change nothing.
            let before = Self.entries(shown).compactMap(Self.songID)
            let badOp = try await client.json(.post, edits, body: #"{"op": "shuffle", "index": 0}"#, token: token)
            #expect(badOp.status == .badRequest)
            #expect(badOp.errorField == "op")
            let noTo = try await client.json(.post, edits, body: #"{"op": "move", "index": 0}"#, token: token)
            #expect(noTo.status == .badRequest)
            #expect(noTo.errorField == "to")
            let noSong = try await client.json(.post, edits, body: #"{"op": "swap", "index": 0}"#, token: token)
            #expect(noSong.status == .badRequest)
            #expect(noSong.errorField == "songId")
            let outOfRange = try await client.json(.post, edits, body: #"{"op": "remove", "index": 999}"#, token: token)
            #expect(outOfRange.status == .badRequest)
            #expect(outOfRange.errorField?.hasSuffix("index") == true, "\(outOfRange.text)")
            let negative = try await client.json(.post, edits, body: #"{"op": "pin", "index": -1}"#, token: token)
            #expect(negative.status == .badRequest)
            let moveFar = try await client.json(.post, edits, body: #"{"op": "move", "index": 0, "to": 999}"#, token: token)
            #expect(moveFar.status == .badRequest)
            #expect(moveFar.errorField?.hasSuffix("to") == true, "\(moveFar.text)")
            let strangeSong = try await client.json(.post, edits, body: #"{"op": "swap", "index": 0, "songId": "\#(UUID())"}"#, token: token)
            #expect(strangeSong.status == .badRequest)
            #expect(strangeSong.errorField?.lowercased().hasSuffix("songid") == true, "\(strangeSong.text)")
            let noIndex = try await client.json(.post, edits, body: #"{"op": "remove"}"#, token: token)
            #expect(noIndex.status == .badRequest)
            #expect(noIndex.errorField == "index")
            let after = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token)
            #expect(Self.entries(after).compactMap(Self.songID) == before)

            // A song deleted from the library leaves the playlist the next time it is read; the rest still covers the plan.
            let victim = try #require(before.dropFirst().first)
            #expect(try await client.json(.delete, "/api/v1/tempo/songs/\(victim)", token: token).status == .noContent)
            let pruned = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token)
            #expect(pruned.status == .ok)
            let prunedEntries = Self.entries(pruned)
            #expect(!prunedEntries.compactMap(Self.songID).contains(victim))
            let end = prunedEntries.last.map { ($0["start"] as? Double ?? 0) + ($0["duration"] as? Double ?? 0) } ?? 0
            #expect(end >= 2400 - 0.5, "\(end)")
            #expect(!((pruned.object["songs"] as? [[String: Any]]) ?? []).contains { ($0["id"] as? String)?.lowercased() == victim })

            // Insert a song at the third place: the two before stay, it is pinned there, the rest still covers the plan.
            let current = Self.entries(pruned)
            let inUse = Set(current.compactMap(Self.songID))
            let extra = try #require(library.first { !inUse.contains($0.id.uuidString.lowercased()) && $0.id.uuidString.lowercased() != victim })
            let inserted = try await client.json(.post, edits, body: #"{"op": "insert", "index": 2, "songId": "\#(extra.id)"}"#, token: token)
            #expect(inserted.status == .ok, "\(inserted.text)")
            let withExtra = Self.entries(inserted)
            #expect(withExtra.prefix(2).compactMap(Self.songID) == current.prefix(2).compactMap(Self.songID))
            #expect(Self.songID(withExtra[2]) == extra.id.uuidString.lowercased())
            #expect(withExtra[2]["pinned"] as? Bool == true)
            let insertedEnd = withExtra.last.map { ($0["start"] as? Double ?? 0) + ($0["duration"] as? Double ?? 0) } ?? 0
            #expect(insertedEnd >= 2400 - 0.5)
            let noSongToInsert = try await client.json(.post, edits, body: #"{"op": "insert", "index": 0}"#, token: token)
            #expect(noSongToInsert.errorField == "songId")
            let insertFar = try await client.json(.post, edits, body: #"{"op": "insert", "index": 999, "songId": "\#(extra.id)"}"#, token: token)
            #expect(insertFar.status == .badRequest && insertFar.errorField == "index", "\(insertFar.text)")

            // Every song deleted: the playlist is empty and says so, in English and as a note for the page's language.
            let remaining = try await client.json(.get, "/api/v1/tempo/songs", token: token).array.compactMap { $0["id"] as? String }
            for song in remaining { #expect(try await client.json(.delete, "/api/v1/tempo/songs/\(song)", token: token).status == .noContent) }
            let emptied = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token)
            let emptiedList = try #require(emptied.object["playlist"] as? [String: Any])
            #expect(Self.entries(emptied).isEmpty)
            #expect(emptiedList["warnings"] as? [String] == ["Every song of this playlist was deleted; add music and make a new playlist."])
            let notes = try #require(emptiedList["warningNotes"] as? [[String: Any]])
            #expect(notes.map { $0["key"] as? String } == ["tempo.music.warning.all_deleted"])
            #expect(Catalogues.bundled.messages(.english)("js.tempo.music.warning.all_deleted") == (emptiedList["warnings"] as? [String])?.first)

            // Delete the playlist: gone, and gone from the plan's list; deleting again is 404.
            #expect(try await client.json(.delete, "/api/v1/tempo/playlists/\(playlistID)", token: token).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/tempo/plans/\(planID)/playlists", token: token).array.isEmpty)
            #expect(try await client.json(.delete, "/api/v1/tempo/playlists/\(playlistID)", token: token).status == .notFound)
        }
    }

    /// A plan kept as the person's own template: listed after the shipped ones for its activity, a new plan made from
    /// it, unchanged by later edits of the plan; deleted by its owner only; the shipped ones cannot be.
    @Test func aPlanSavedAsATemplateStartsNewPlans() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("templates"))
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: Self.writtenPlan, token: token)
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String)
            let saved = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/template", body: #"{"name": "My Tuesday"}"#, token: token)
            #expect(saved.status == .created, "\(saved.text)")
            #expect(saved.object["builtIn"] as? Bool == false)
            let templateID = try #require(saved.object["templateId"] as? String)
            let unnamed = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/template", body: "{}", token: token)
            #expect((unnamed.object["plan"] as? [String: Any])?["name"] as? String == "Tuesday")
            let blank = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/template", body: #"{"name": "  "}"#, token: token)
            #expect(blank.status == .badRequest && blank.errorField == "name", "\(blank.text)")

            // The plan changes afterwards; the template does not.
            let changed = Self.writtenPlan.replacingOccurrences(of: #""count": 4"#, with: #""count": 8"#)
            #expect(try await client.json(.put, "/api/v1/tempo/plans/\(planID)", body: changed, token: token).status == .ok)
            let listed = try await client.json(.get, "/api/v1/tempo/templates", token: token).array
            #expect(listed.count == 5)
            #expect(listed.compactMap { $0["builtIn"] as? Bool } == [true, true, true, false, false])
            let mine = try #require(listed.first { $0["templateId"] as? String == templateID })
            #expect(mine["totalSeconds"] as? Double == 1080, "5 min + 4 × 2 min + 5 min: \(mine["totalSeconds"] ?? "none")")
            #expect(try await client.json(.get, "/api/v1/tempo/templates?activity=cycling", token: token).array.count == 3)

            let fromMine = try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)"}"#, token: token)
            #expect(fromMine.status == .created)
            #expect((fromMine.object["plan"] as? [String: Any])?["name"] as? String == "My Tuesday")
            #expect(fromMine.object["totalSeconds"] as? Double == 1080)

            // Another account neither sees nor deletes it.
            let other = try await client.register(email: uniqueEmail("templates-other"))
            #expect(try await client.json(.get, "/api/v1/tempo/templates", token: other).array.count == 3)
            #expect(try await client.json(.delete, "/api/v1/tempo/templates/\(templateID)", token: other).status == .notFound)
            #expect(try await client.json(.post, "/api/v1/tempo/plans", body: #"{"template": "\#(templateID)"}"#, token: other).errorField == "template")
            let shipped = try #require(listed.first?["templateId"] as? String)
            #expect(try await client.json(.delete, "/api/v1/tempo/templates/\(shipped)", token: token).errorField == "id")
            #expect(try await client.json(.delete, "/api/v1/tempo/templates/\(templateID)", token: token).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/tempo/templates", token: token).array.count == 4)
        }
    }

    @Test func anotherAccountSeesNoneOfIt() async throws {
        try await withTestServer { server in
            let client = server.client
            let owner = try await client.register(email: uniqueEmail("owner"))
            let account = try await client.accountID(token: owner)
            _ = try await Self.seedLibrary(server, account: account)
            let song = try #require(try await client.tempoUploadRaw(TempoSongsAPITests.click120, filename: "mine.wav", token: owner).array.first?["id"] as? String)
            let planID = try #require((try await client.json(.post, "/api/v1/tempo/plans", body: Self.writtenPlan, token: owner)
                .object["plan"] as? [String: Any])?["id"] as? String)
            let playlist = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: owner)
            let playlistID = try #require(playlist.object["id"] as? String, "\(playlist.text)")

            let other = try await client.register(email: uniqueEmail("other"))
            let requests: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/tempo/songs/\(song)", nil),
                (.patch, "/api/v1/tempo/songs/\(song)", #"{"bpmOverride": 100}"#),
                (.get, "/api/v1/tempo/songs/\(song)/file", nil),
                (.delete, "/api/v1/tempo/songs/\(song)", nil),
                (.get, "/api/v1/tempo/plans/\(planID)", nil),
                (.put, "/api/v1/tempo/plans/\(planID)", Self.writtenPlan),
                (.delete, "/api/v1/tempo/plans/\(planID)", nil),
                (.post, "/api/v1/tempo/plans/\(planID)/playlists", nil),
                (.get, "/api/v1/tempo/plans/\(planID)/playlists", nil),
                (.get, "/api/v1/tempo/playlists/\(playlistID)", nil),
                (.post, "/api/v1/tempo/playlists/\(playlistID)/edits", #"{"op": "remove", "index": 0}"#),
            ]
            for (method, uri, body) in requests {
                let response = try await client.json(method, uri, body: body, token: other)
                #expect(response.status == .notFound, "\(method) \(uri): \(response.status) \(response.text)")
            }
            #expect(try await client.json(.get, "/api/v1/tempo/songs", token: other).array.isEmpty)
            #expect(try await client.json(.get, "/api/v1/tempo/plans", token: other).array.isEmpty)
            // The owner's things are untouched.
            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(song)", token: owner).object["bpmOverride"] == nil)
            #expect(try await client.json(.get, "/api/v1/tempo/plans/\(planID)", token: owner).status == .ok)
            #expect(Self.entries(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)", token: owner)).count
                == Self.entries(playlist).count)
        }
    }
}

import CadenceCore
import Foundation
import Talks
import TalksService

/// Publishes a claimed wrist moment as a `talk.wrist` event: the instance that publishes it pushes it
/// (`TalksPushRules`), and a watch page open on the live channel hears it too.
public struct LiveWristCueSender: WristCueSender {
    let live: any LiveAnnouncing

    public func send(_ cue: WristCue, of run: StoredRun, accountID: UUID) async throws {
        _ = try await live.announce("talk.wrist", data: LiveJSON.object(Self.data(cue, of: run)), to: accountID)
    }

    /// What the notification is made of: the moment, the cue on screen and the one after it, the time left, the pace.
    public static func data(_ cue: WristCue, of run: StoredRun) -> [String: Any] {
        let snapshot = cue.snapshot
        var data: [String: Any] = [
            "runId": run.id.uuidString.lowercased(), "topicId": run.topicID.uuidString.lowercased(), "at": cue.at,
            "total": run.run.cues.count, "remaining": Int(snapshot.remaining.rounded(.up)),
        ]
        switch cue.kind {
        case .cue: data["kind"] = "cue"
        case .twoMinutesLeft: data["kind"] = "left"
        case .timesUp: data["kind"] = "end"
        }
        if let index = snapshot.cueIndex {
            data["index"] = index
            data["keyword"] = run.run.cues[index].keyword
            if index + 1 < run.run.cues.count { data["next"] = run.run.cues[index + 1].keyword }
        }
        if let pace = snapshot.pace { data["pace"] = pace.rawValue }
        return data
    }
}

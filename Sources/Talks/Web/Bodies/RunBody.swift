import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct RunBody: JSONResponse {
    struct Snapshot: Encodable {
        let phase: String
        let elapsed: Double
        let cueIndex: Int?
        let nextCueAt: Double?
        let remaining: Double
        let pace: String?
    }

    struct Timing: Encodable {
        let keyword: String
        let planned: Int
        let actual: Double?
        let drift: Double?
    }

    let id: UUID
    let topicId: UUID
    let duration: Int
    let cues: [CueBody]
    /// Every step with its time (ms since 1970): clients compute the state themselves from these.
    let steps: [RunStep]
    /// The state when this was sent, and the server's clock then.
    let snapshot: Snapshot
    let serverTime: Int64
    let timings: [Timing]

    init(_ stored: StoredRun, now: Int64) {
        let run = stored.run
        id = stored.id
        topicId = stored.topicID
        duration = run.duration
        cues = run.cues.map(CueBody.init)
        steps = run.steps
        let state = run.snapshot(at: now)
        snapshot = Snapshot(phase: state.phase.rawValue, elapsed: state.elapsed, cueIndex: state.cueIndex,
                            nextCueAt: state.nextCueAt, remaining: state.remaining, pace: state.pace?.rawValue)
        serverTime = now
        timings = run.timings(at: now).map { Timing(keyword: $0.keyword, planned: $0.planned, actual: $0.actual, drift: $0.drift) }
    }
}

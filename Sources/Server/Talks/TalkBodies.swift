import Foundation
import Talks

/// The JSON shapes of the Talks API.
struct TopicSummary: Encodable {
    let id: UUID
    let title: String
    let duration: Int
    let cueCount: Int

    init(_ topic: Topic) {
        id = topic.id
        title = topic.title
        duration = topic.duration
        cueCount = topic.cues.count
    }
}

struct CueBody: Encodable {
    let id: UUID
    let keyword: String
    /// Seconds from the start.
    let at: Int
    /// The same as typed: m:ss.
    let time: String
}

struct TopicBody: Encodable {
    let id: UUID
    let title: String
    let duration: Int
    let durationText: String
    let cues: [CueBody]

    init(_ topic: Topic) {
        id = topic.id
        title = topic.title
        duration = topic.duration
        durationText = CueTime.format(topic.duration)
        cues = topic.cues.map { CueBody(id: $0.id, keyword: $0.keyword, at: $0.at, time: CueTime.format($0.at)) }
    }
}

struct RunBody: Encodable {
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

    init(id: UUID, topicID: UUID, run: TalkRun, now: Int64) {
        self.id = id
        topicId = topicID
        duration = run.duration
        cues = run.cues.map { CueBody(id: $0.id, keyword: $0.keyword, at: $0.at, time: CueTime.format($0.at)) }
        steps = run.steps
        let state = run.snapshot(at: now)
        snapshot = Snapshot(phase: state.phase.rawValue, elapsed: state.elapsed, cueIndex: state.cueIndex,
                            nextCueAt: state.nextCueAt, remaining: state.remaining, pace: state.pace?.rawValue)
        serverTime = now
        timings = run.timings(at: now).map { Timing(keyword: $0.keyword, planned: $0.planned, actual: $0.actual, drift: $0.drift) }
    }
}

struct CastBody: Encodable {
    let topic: TopicBody?
    let run: RunBody?
    /// The server's clock when this was sent (ms since 1970): with the request's round trip,
    /// a device estimates its offset from the server's clock before any run exists.
    let serverTime: Int64
}

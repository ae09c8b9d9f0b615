import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

/// The JSON shapes of the Talks API: what it reads, and what it answers (and sends on the live channel).
struct TopicSummary: JSONResponse {
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

struct TopicBody: JSONResponse {
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
        cues = run.cues.map { CueBody(id: $0.id, keyword: $0.keyword, at: $0.at, time: CueTime.format($0.at)) }
        steps = run.steps
        let state = run.snapshot(at: now)
        snapshot = Snapshot(phase: state.phase.rawValue, elapsed: state.elapsed, cueIndex: state.cueIndex,
                            nextCueAt: state.nextCueAt, remaining: state.remaining, pace: state.pace?.rawValue)
        serverTime = now
        timings = run.timings(at: now).map { Timing(keyword: $0.keyword, planned: $0.planned, actual: $0.actual, drift: $0.drift) }
    }
}

struct CastBody: JSONResponse {
    let topic: TopicBody?
    let run: RunBody?
    /// The server's clock when this was sent (ms since 1970): with the request's round trip,
    /// a device estimates its offset from the server's clock before any run exists.
    let serverTime: Int64

    init(_ state: CastState) {
        topic = state.topic.map(TopicBody.init)
        run = state.run.map { RunBody($0, now: state.serverTime) }
        serverTime = state.serverTime
    }
}

// MARK: Inputs

/// A time as seconds (90) or as typed (`"1:30"`).
struct TimeInput: Decodable {
    let text: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int.self) { text = String(seconds) } else { text = try container.decode(String.self) }
    }
}

struct CueInput: Decodable {
    let id: UUID?
    let keyword: String
    let time: TimeInput
}

struct TopicInput: Decodable {
    let title: String
    let duration: TimeInput?
    let cues: [CueInput]?

    /// The topic this input describes, each refusal naming its field (`cues[2].time`).
    static func topic(from input: TopicInput, id: UUID) throws -> Topic {
        let duration = try input.duration.map { try CueTime.parse($0.text, field: "duration") } ?? Topic.defaultDuration
        var topic = try Topic(id: id, title: input.title, duration: duration)
        for (index, cue) in (input.cues ?? []).enumerated() {
            do {
                try topic.insert(try topic.makeCue(keyword: cue.keyword, time: cue.time.text, id: cue.id ?? UUID()))
            } catch {
                throw ValidationError(field: "cues[\(index)].\(error.field)", error.message)
            }
        }
        return topic
    }
}

struct CastInput: Decodable {
    let topicId: UUID
}

struct RunInput: Decodable {
    let topicId: UUID
    /// When the speaker pressed Start (ms since 1970): the watch shows the first cue at
    /// once, and the run starts at that same instant everywhere; default now.
    let at: Int64?
}

struct StepInput: Decodable {
    let action: String
    /// When the step happened (ms since 1970), for steps recorded offline; default now.
    let at: Int64?
}

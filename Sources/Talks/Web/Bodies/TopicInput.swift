import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

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
                throw error.naming("cues[\(index)].\(error.field)")
            }
        }
        return topic
    }
}

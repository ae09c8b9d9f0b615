import CadenceCore
import Foundation
import Talks

/// One change to a topic as a person makes it on the phone's pages, from what they typed: the title and length, or
/// one cue added, changed or removed. (The API replaces a topic whole: `TalkService.replace`.)
public enum TopicEdit: Sendable {
    case details(title: String, duration: String)
    case addCue(keyword: String, time: String)
    /// A6: a cue's keyword or time; the list re-sorts.
    case updateCue(id: UUID, keyword: String, time: String)
    case removeCue(id: UUID)

    /// - Throws: `ValidationError` for what was typed wrong, `NotFound("cue")` for a cue the topic does not have.
    func apply(to topic: inout Topic) throws {
        switch self {
        case .details(let title, let duration):
            try topic.rename(title)
            try topic.setDuration(try CueTime.parse(duration, field: "duration"))
        case .addCue(let keyword, let time):
            try topic.insert(try topic.makeCue(keyword: keyword, time: time))
        case .updateCue(let id, let keyword, let time):
            guard try topic.update(try topic.makeCue(keyword: keyword, time: time, id: id)) else { throw NotFound("cue") }
        case .removeCue(let id):
            guard topic.removeCue(id: id) else { throw NotFound("cue") }
        }
    }
}

/// What came of a `TopicEdit`.
public enum TopicEditOutcome: Sendable {
    case saved(Topic)
    /// The topic changed on another device since the editor read `version`: nothing saved; the topic as it is now.
    case changedSinceRead(Topic)
    /// What was typed is refused: nothing saved; why, and the topic as it is.
    case refused(ValidationError, Topic)
}

extension TalkService {
    /// Applies `edit` to the topic and saves it (the watches are told if they show it). `readVersion`: the topic's
    /// `etag` as the editor read it, or nil for a change that stands on its own (adding or removing a cue goes in
    /// whatever else changed meanwhile). A save that loses a race with another is tried again on what that one saved.
    public func edit(_ edit: TopicEdit, topicID: UUID, accountID: UUID, readVersion: String?) async throws -> TopicEditOutcome {
        for _ in 0..<3 {
            let saved = try await topic(id: topicID, accountID: accountID)
            if let readVersion, !readVersion.isEmpty, readVersion != saved.etag { return .changedSinceRead(saved) }
            var topic = saved
            do {
                try edit.apply(to: &topic)
            } catch let error as ValidationError {
                return .refused(error, saved)
            }
            do {
                try await replace(topic, accountID: accountID, ifMatch: saved.etag)
                return .saved(topic)
            } catch is ChangedSinceRead {
                continue  // saved by someone else between the read and the write: read again
            }
        }
        throw ChangedSinceRead("talk")
    }
}

import CadenceCore
import Foundation
import Talks

/// The Talks use cases (T1–T5), called alike by the API, the phone's pages and the CLI: keep topics, cast one to
/// the account's watches, run it. Every change to what is cast, or to the cast run, is announced whole.
public struct TalkService: Sendable {
    let store: any TalkStore
    let announcer: any CastAnnouncer
    let clock: any WallClock
    /// Told of every run started or stepped here, so its wrist cues are timed at once.
    let wristCues: WristCueScheduler?

    public init(store: any TalkStore, announcer: any CastAnnouncer, clock: any WallClock, wristCues: WristCueScheduler? = nil) {
        self.wristCues = wristCues
        self.store = store
        self.announcer = announcer
        self.clock = clock
    }

    // MARK: Topics

    public func topics(accountID: UUID) async throws -> [Topic] {
        try await store.topics(accountID: accountID)
    }

    /// - Throws: `NotFound("topic")` for an id this account does not own.
    public func topic(id: UUID, accountID: UUID) async throws -> Topic {
        guard let topic = try await store.topic(id: id, accountID: accountID) else { throw NotFound("topic") }
        return topic
    }

    /// Keeps a new topic.
    public func add(_ topic: Topic, accountID: UUID) async throws {
        try await store.save(topic, accountID: accountID, at: clock.now())
    }

    /// Replaces a topic the account owns; the watches are told if they show it.
    /// - Throws: `NotFound("topic")` if the account has no topic with this id.
    /// `ifMatch`: the topic's `etag` as the editor read it; refused (`ChangedSinceRead`) when it changed since.
    public func replace(_ topic: Topic, accountID: UUID, ifMatch: String? = nil) async throws {
        let current = try await self.topic(id: topic.id, accountID: accountID)
        if let ifMatch, ifMatch != "*" {
            guard ifMatch == current.etag, try await store.replace(topic, accountID: accountID, at: clock.now(), ifMatch: ifMatch) else {
                throw ChangedSinceRead("talk")
            }
        } else {
            try await store.save(topic, accountID: accountID, at: clock.now())
        }
        if try await store.cast(accountID: accountID)?.topicID == topic.id { try await announceCast(accountID: accountID) }
    }

    /// Deletes a topic with its runs; if it was cast, the watches are told it is gone.
    public func deleteTopic(id: UUID, accountID: UUID) async throws {
        let wasCast = try await store.cast(accountID: accountID)?.topicID == id
        guard try await store.deleteTopic(id: id, accountID: accountID) else { throw NotFound("topic") }
        if wasCast { try await announceCast(accountID: accountID) }
    }

    // MARK: Cast

    public func castState(accountID: UUID) async throws -> CastState {
        guard let cast = try await store.cast(accountID: accountID),
              let topic = try await store.topic(id: cast.topicID, accountID: accountID)
        else { return CastState(topic: nil, run: nil, serverTime: clock.now().millisecondsSince1970) }
        let run = if let runID = cast.runID { try await store.run(id: runID, accountID: accountID) } else { StoredRun?.none }
        return CastState(topic: topic, run: run, serverTime: clock.now().millisecondsSince1970)
    }

    /// Shows a topic on the account's watches, with no run yet.
    @discardableResult
    public func cast(topicID: UUID, accountID: UUID) async throws -> CastState {
        _ = try await topic(id: topicID, accountID: accountID)
        try await store.setCast(TalkCast(topicID: topicID, runID: nil), accountID: accountID, at: clock.now())
        return try await announceCast(accountID: accountID)
    }

    public func uncast(accountID: UUID) async throws {
        try await store.setCast(nil, accountID: accountID, at: clock.now())
        try await announceCast(accountID: accountID)
    }

    // MARK: Runs

    /// Starts a run of a topic (now, or at `at` when Start was pressed on a device); it becomes the cast run.
    @discardableResult
    /// Starts a run of the topic and casts it. With an `id` the device chose, a start sent again (a retry, or a start
    /// made offline and sent once the network is back) returns the run it made the first time.
    /// - Returns: the run, and false when it had been started before under that id.
    /// - Throws: `NotFound("topic")`; `Conflict` when the id is another account's run.
    public func startRun(topicID: UUID, accountID: UUID, at: Int64? = nil, id: UUID? = nil) async throws -> (StoredRun, created: Bool) {
        if let id, let existing = try await store.run(id: id, accountID: accountID) {
            guard existing.topicID == topicID else { throw Conflict(code: "run_id_taken", "That run id belongs to a run of another topic.", field: "id", key: "talks.error.run_id_other_topic") }
            return (existing, false)
        }
        let now = clock.now()
        let startedAt = try Self.stepTime(at, now: now.millisecondsSince1970)
        let topic = try await topic(id: topicID, accountID: accountID)
        var run = TalkRun(topic: topic)
        try run.apply(RunStep(.start, at: startedAt))
        let stored = StoredRun(id: id ?? UUID(), topicID: topic.id, run: run, createdAt: now)
        try await store.saveRun(stored, accountID: accountID, at: now)
        // An id already taken by another account's run is not overwritten (see saveRun): refuse it.
        guard try await store.run(id: stored.id, accountID: accountID) != nil else { throw Conflict(code: "run_id_taken", "That run id is taken; choose another.", field: "id", key: "talks.error.run_id_taken") }
        try await store.setCast(TalkCast(topicID: topic.id, runID: stored.id), accountID: accountID, at: now)
        wristCues?.changed(stored, accountID: accountID)
        try await announceCast(accountID: accountID)
        return (stored, true)
    }

    /// - Throws: `NotFound("run")`.
    public func run(id: UUID, accountID: UUID) async throws -> StoredRun {
        guard let found = try await store.run(id: id, accountID: accountID) else { throw NotFound("run") }
        return found
    }

    /// A topic's runs, newest first. - Throws: `NotFound("topic")`.
    public func runs(topicID: UUID, accountID: UUID) async throws -> [StoredRun] {
        _ = try await topic(id: topicID, accountID: accountID)
        return try await store.runs(topicID: topicID, accountID: accountID)
    }

    /// Applies a step (pause, next…) taken now or at `at` (recorded offline); the watches are told.
    /// - Throws: `NotFound("run")`, `ValidationError` for a time in the future, `Conflict` for a step the run's
    ///   phase does not allow.
    public func step(_ action: RunStep.Action, runID: UUID, accountID: UUID, at: Int64? = nil) async throws -> StoredRun {
        let now = clock.now()
        let at = try Self.stepTime(at, now: now.millisecondsSince1970)
        let found = try await run(id: runID, accountID: accountID)
        var run = found.run
        do { try run.apply(RunStep(action, at: at)) } catch {
            throw Conflict(code: "step_not_allowed", error.description, field: "action", key: error.messageKey.key, error.messageKey.arguments)
        }
        let stepped = StoredRun(id: found.id, topicID: found.topicID, run: run, createdAt: found.createdAt)
        try await store.saveRun(stepped, accountID: accountID, at: now)
        wristCues?.changed(stepped, accountID: accountID)
        try await announceCast(accountID: accountID)
        return stepped
    }

    /// A step's time as the device sent it (taken offline, or when the button was pressed) or now; a few seconds
    /// of clock difference are let through, the future is not.
    static func stepTime(_ at: Int64?, now: Int64) throws(ValidationError) -> Int64 {
        let at = at ?? now
        guard at <= now + 5_000 else { throw ValidationError(field: "at", "A step cannot come from the future.", key: "talks.error.step_future") }
        return at
    }

    @discardableResult
    private func announceCast(accountID: UUID) async throws -> CastState {
        let state = try await castState(accountID: accountID)
        try await announcer.announce(state, to: accountID)
        return state
    }
}

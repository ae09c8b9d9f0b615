import CadenceCore
import Foundation
import Hummingbird
import Storage
import Talks

/// `/api/v1/talks/…`: topics, casting to the account's watches, and runs (T1–T5).
/// Every change to what is cast or to a run goes out on the live channel as
/// `talk.cast` with the whole cast state, so watches and phones need no second request.
struct TalksController {
    let talks: any TalkRepository
    let live: LiveService
    let clock: any WallClock

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("topics", use: listTopics)
        group.post("topics", use: createTopic)
        group.post("topics/import", use: importTopic)
        group.get("topics/:id", use: showTopic)
        group.put("topics/:id", use: replaceTopic)
        group.delete("topics/:id", use: deleteTopic)
        group.get("topics/:id/outline", use: outline)
        group.get("topics/:id/runs", use: listRuns)
        group.get("cast", use: showCast)
        group.put("cast", use: cast)
        group.delete("cast", use: uncast)
        group.post("runs", use: startRun)
        group.get("runs/:id", use: showRun)
        group.post("runs/:id/steps", use: step)
    }

    // MARK: Bodies

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

    // MARK: Topics

    @Sendable func listTopics(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(try await talks.topics(accountID: account.id).map { TopicSummary($0) })
    }

    @Sendable func createTopic(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        var request = request
        let topic = try Self.topic(from: try await request.decodeJSON(TopicInput.self, context: context), id: UUID())
        try await talks.save(topic, accountID: account.id, at: clock.now())
        return .json(TopicBody(topic), status: .created)
    }

    @Sendable func importTopic(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        var request = request
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let topic: Topic
        if contentType.hasPrefix("text/plain") {
            topic = try Outline.parse(String(buffer: try await request.collectBounded(context: context)))
        } else {
            topic = try Self.topic(from: try await request.decodeJSON(TopicInput.self, context: context), id: UUID())
        }
        try await talks.save(topic, accountID: account.id, at: clock.now())
        return .json(TopicBody(topic), status: .created)
    }

    @Sendable func showTopic(request: Request, context: AppContext) async throws -> Response {
        .json(TopicBody(try await ownTopic(context)))
    }

    @Sendable func replaceTopic(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let existing = try await ownTopic(context)
        var request = request
        let topic = try Self.topic(from: try await request.decodeJSON(TopicInput.self, context: context), id: existing.id)
        try await talks.save(topic, accountID: account.id, at: clock.now())
        try await announceCastIfShowing(topic.id, accountID: account.id)
        return .json(TopicBody(topic))
    }

    @Sendable func deleteTopic(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.requireID("id")
        let wasCast = try await talks.cast(accountID: account.id)?.topicID == id
        guard try await talks.deleteTopic(id: id, accountID: account.id) else { throw APIError.notFound("topic") }
        if wasCast { try await announceCast(accountID: account.id) }
        return Response(status: .noContent)
    }

    @Sendable func outline(request: Request, context: AppContext) async throws -> Response {
        let topic = try await ownTopic(context)
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                        body: .init(byteBuffer: .init(string: Outline.export(topic))))
    }

    // MARK: Cast

    @Sendable func showCast(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(try await castBody(accountID: account.id))
    }

    @Sendable func cast(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        var request = request
        let input = try await request.decodeJSON(CastInput.self, context: context)
        guard try await talks.topic(id: input.topicId, accountID: account.id) != nil else { throw APIError.notFound("topic") }
        try await talks.setCast(TalkCast(topicID: input.topicId, runID: nil), accountID: account.id, at: clock.now())
        return .json(try await announceCast(accountID: account.id))
    }

    @Sendable func uncast(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        try await talks.setCast(nil, accountID: account.id, at: clock.now())
        try await announceCast(accountID: account.id)
        return Response(status: .noContent)
    }

    // MARK: Runs

    @Sendable func startRun(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        var request = request
        let input = try await request.decodeJSON(RunInput.self, context: context)
        let at = try Self.stepTime(input.at, now: clock.now().millisecondsSince1970)
        guard let topic = try await talks.topic(id: input.topicId, accountID: account.id) else { throw APIError.notFound("topic") }
        return .json(try await startRun(of: topic, accountID: account.id, at: at), status: .created)
    }

    /// Starts a run (now, or at `at`); it becomes the cast run, and every device hears of it.
    @discardableResult
    func startRun(of topic: Topic, accountID: UUID, at: Int64? = nil) async throws -> RunBody {
        let id = UUID()
        let now = clock.now()
        var run = TalkRun(topic: topic)
        try run.apply(RunStep(.start, at: at ?? now.millisecondsSince1970))
        try await talks.saveRun(id: id, topicID: topic.id, run: run, accountID: accountID, at: now)
        try await talks.setCast(TalkCast(topicID: topic.id, runID: id), accountID: accountID, at: now)
        try await announceCast(accountID: accountID)
        return RunBody(id: id, topicID: topic.id, run: run, now: now.millisecondsSince1970)
    }

    @Sendable func showRun(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.requireID("id")
        guard let found = try await talks.run(id: id, accountID: account.id) else { throw APIError.notFound("run") }
        return .json(RunBody(id: id, topicID: found.topicID, run: found.run, now: clock.now().millisecondsSince1970))
    }

    @Sendable func step(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.requireID("id")
        var request = request
        let input = try await request.decodeJSON(StepInput.self, context: context)
        guard let action = RunStep.Action(rawValue: input.action) else {
            throw APIError.invalid(field: "action", "A step is start, pause, resume, next or stop, not \"\(input.action)\".")
        }
        let now = clock.now().millisecondsSince1970
        let at = try Self.stepTime(input.at, now: now)
        guard let found = try await talks.run(id: id, accountID: account.id) else { throw APIError.notFound("run") }
        var run = found.run
        do { try run.apply(RunStep(action, at: at)) } catch {
            throw APIError(.conflict, code: "step_not_allowed", error.description, field: "action")
        }
        try await talks.saveRun(id: id, topicID: found.topicID, run: run, accountID: account.id, at: clock.now())
        try await announceCast(accountID: account.id)
        return .json(RunBody(id: id, topicID: found.topicID, run: run, now: now))
    }

    @Sendable func listRuns(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let topic = try await ownTopic(context)
        let now = clock.now().millisecondsSince1970
        return .json(try await talks.runs(topicID: topic.id, accountID: account.id).map {
            RunBody(id: $0.id, topicID: topic.id, run: $0.run, now: now)
        })
    }

    // MARK: Helpers

    private func ownTopic(_ context: AppContext) async throws -> Topic {
        let account = try context.requireAccount()
        guard let topic = try await talks.topic(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("topic")
        }
        return topic
    }

    /// A step's time as the device sent it (taken offline, or when the button was pressed) or
    /// now; a few seconds of clock difference are let through, the future is not.
    static func stepTime(_ at: Int64?, now: Int64) throws -> Int64 {
        let at = at ?? now
        guard at <= now + 5_000 else { throw APIError.invalid(field: "at", "A step cannot come from the future.") }
        return at
    }

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

    func castBody(accountID: UUID) async throws -> CastBody {
        guard let cast = try await talks.cast(accountID: accountID),
              let topic = try await talks.topic(id: cast.topicID, accountID: accountID)
        else { return CastBody(topic: nil, run: nil, serverTime: clock.now().millisecondsSince1970) }
        let now = clock.now().millisecondsSince1970
        var run: RunBody?
        if let runID = cast.runID, let found = try await talks.run(id: runID, accountID: accountID) {
            run = RunBody(id: runID, topicID: topic.id, run: found.run, now: now)
        }
        return CastBody(topic: TopicBody(topic), run: run, serverTime: now)
    }

    /// Sends the whole cast state to the account's devices.
    @discardableResult
    func announceCast(accountID: UUID) async throws -> CastBody {
        let body = try await castBody(accountID: accountID)
        let data = String(decoding: try Response.jsonEncoder.encode(body), as: UTF8.self)
        try await live.publish(accountID: accountID, type: "talk.cast", data: data)
        return body
    }

    func announceCastIfShowing(_ topicID: UUID, accountID: UUID) async throws {
        if try await talks.cast(accountID: accountID)?.topicID == topicID { try await announceCast(accountID: accountID) }
    }
}

import CadenceCore
import Foundation
import Hummingbird
import Talks
import TalksService
import Web

/// `/api/v1/talks/…`: topics, casting to the account's watches, and runs (T1–T5). Each handler reads its input,
/// calls `TalkService`, and returns the JSON shape (`TalkBodies.swift`); errors are the error middleware's.
public struct TalksAPI: Sendable {
    let talks: TalkService
    let clock: any WallClock

    public init(talks: TalkService, clock: any WallClock) {
        self.talks = talks
        self.clock = clock
    }

    public var routes: RouteCollection<AccountContext> {
        let routes = RouteCollection(context: AccountContext.self)
        routes.get("topics", use: listTopics)
        routes.post("topics", use: createTopic)
        routes.post("topics/import", use: importTopic)
        routes.get("topics/:id", use: showTopic)
        routes.put("topics/:id", use: replaceTopic)
        routes.delete("topics/:id", use: deleteTopic)
        routes.get("topics/:id/outline", use: outline)
        routes.get("topics/:id/runs", use: listRuns)
        routes.get("cast", use: showCast)
        routes.put("cast", use: cast)
        routes.delete("cast", use: uncast)
        routes.post("runs", use: startRun)
        routes.get("runs/:id", use: showRun)
        routes.post("runs/:id/steps", use: step)
        return routes
    }

    // MARK: Topics

    @Sendable func listTopics(request: Request, context: AccountContext) async throws -> [TopicSummary] {
        try await talks.topics(accountID: context.account.id).map(TopicSummary.init)
    }

    @Sendable func createTopic(request: Request, context: AccountContext) async throws -> EditedResponse<TopicBody> {
        let account = context.account
        let topic = try TopicInput.topic(from: try await request.decode(as: TopicInput.self, context: context), id: UUID())
        try await talks.add(topic, accountID: account.id)
        return EditedResponse(status: .created, response: TopicBody(topic))
    }

    /// An outline as plain text (`Outline`), or the JSON a topic is created from.
    @Sendable func importTopic(request: Request, context: AccountContext) async throws -> EditedResponse<TopicBody> {
        let account = context.account
        var request = request
        let topic: Topic
        if (request.headers[.contentType]?.lowercased() ?? "").hasPrefix("text/plain") {
            // An outline without a "# Title" line gets one in the person's language.
            let fallbackTitle = request.messages(account: context.settingsAccount)("talks.import.fallback_title")
            topic = try Outline.parse(String(buffer: try await request.collectBounded(context: context)), fallbackTitle: fallbackTitle)
        } else {
            topic = try TopicInput.topic(from: try await request.decode(as: TopicInput.self, context: context), id: UUID())
        }
        try await talks.add(topic, accountID: account.id)
        return EditedResponse(status: .created, response: TopicBody(topic))
    }

    @Sendable func showTopic(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        return TopicBody(try await talks.topic(id: try context.parameters.requireID("id"), accountID: account.id)).tagged
    }

    /// With `If-Match` (the `ETag` it was read with), an edit from a read that is no longer current is refused 412.
    @Sendable func replaceTopic(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        let existing = try await talks.topic(id: try context.parameters.requireID("id"), accountID: account.id)
        let topic = try TopicInput.topic(from: try await request.decode(as: TopicInput.self, context: context), id: existing.id)
        try await talks.replace(topic, accountID: account.id, ifMatch: request.ifMatch)
        return TopicBody(topic).tagged
    }

    @Sendable func deleteTopic(request: Request, context: AccountContext) async throws -> HTTPResponse.Status {
        let account = context.account
        try await talks.deleteTopic(id: try context.parameters.requireID("id"), accountID: account.id)
        return .noContent
    }

    @Sendable func outline(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        let topic = try await talks.topic(id: try context.parameters.requireID("id"), accountID: account.id)
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                        body: .init(byteBuffer: .init(string: Outline.export(topic))))
    }

    // MARK: Cast

    @Sendable func showCast(request: Request, context: AccountContext) async throws -> CastBody {
        CastBody(try await talks.castState(accountID: context.account.id))
    }

    @Sendable func cast(request: Request, context: AccountContext) async throws -> CastBody {
        let account = context.account
        let input = try await request.decode(as: CastInput.self, context: context)
        return CastBody(try await talks.cast(topicID: input.topicId, accountID: account.id))
    }

    @Sendable func uncast(request: Request, context: AccountContext) async throws -> HTTPResponse.Status {
        try await talks.uncast(accountID: context.account.id)
        return .noContent
    }

    // MARK: Runs

    @Sendable func startRun(request: Request, context: AccountContext) async throws -> EditedResponse<RunBody> {
        let account = context.account
        let input = try await request.decode(as: RunInput.self, context: context)
        let (run, created) = try await talks.startRun(topicID: input.topicId, accountID: account.id, at: input.at, id: input.id)
        return EditedResponse(status: created ? .created : .ok, response: RunBody(run, now: clock.now().millisecondsSince1970))
    }

    @Sendable func showRun(request: Request, context: AccountContext) async throws -> RunBody {
        let account = context.account
        let run = try await talks.run(id: try context.parameters.requireID("id"), accountID: account.id)
        return RunBody(run, now: clock.now().millisecondsSince1970)
    }

    @Sendable func step(request: Request, context: AccountContext) async throws -> RunBody {
        let account = context.account
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: StepInput.self, context: context)
        guard let action = RunStep.Action(rawValue: input.action) else {
            throw ValidationError(field: "action", "A step is start, pause, resume, next or stop, not \"\(input.action)\".",
                                  key: "talks.error.step_action", ["action": input.action])
        }
        let run = try await talks.step(action, runID: id, accountID: account.id, at: input.at)
        return RunBody(run, now: clock.now().millisecondsSince1970)
    }

    @Sendable func listRuns(request: Request, context: AccountContext) async throws -> [RunBody] {
        let account = context.account
        let runs = try await talks.runs(topicID: try context.parameters.requireID("id"), accountID: account.id)
        let now = clock.now().millisecondsSince1970
        return runs.map { RunBody($0, now: now) }
    }
}

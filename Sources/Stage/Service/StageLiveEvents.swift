import CadenceCore
import Foundation
import Stage

/// The live events that keep a talk's open pages in step: the edit page on another device, the
/// presenter and, through it, the audience screens.
extension LiveAnnouncing {
    /// A change saved to a variation (an edit, an order, an appeal): edit pages open elsewhere
    /// reload, and a presenter showing that variation takes it in (an appeal change waits until the
    /// appeal is off screen).
    public func announceStageEdit(_ saved: TalkVariation, accountID: UUID) async throws {
        try await announce("stage.variation.edited",
                           data: LiveJSON.object(["talkId": saved.talkID.uuidString, "variationId": saved.id.uuidString,
                                                  "revision": saved.revision]),
                           to: accountID)
    }

    /// The talk presents this variation now: presenters reload it, and the screens follow.
    public func announceStageChoice(_ variation: TalkVariation, accountID: UUID) async throws {
        try await announce("stage.variation",
                           data: LiveJSON.object(["talkId": variation.talkID.uuidString, "variationId": variation.id.uuidString,
                                                  "name": variation.name, "hasDefaultName": variation.hasDefaultName]),
                           to: accountID)
    }

    /// An import ended (imported or failed; a cancel is the person's own doing). Sent with how long it took from
    /// upload to end, so a long one can be pushed to a phone that has moved on to something else.
    public func announceImportEnded(_ job: ImportJob, seconds: Double, accountID: UUID) async throws {
        var data: [String: Any] = ["jobId": job.id.uuidString, "state": job.state.rawValue, "filename": job.filename,
                                   "stage": job.stage, "seconds": seconds.rounded()]
        if let message = job.message { data["message"] = message }
        // The same by key, so the push is said in the account's language.
        if let stageKey = job.stageKey { data["stageKey"] = try Self.object(stageKey) }
        if !job.messageKeys.isEmpty { data["messageKeys"] = try job.messageKeys.map(Self.object) }
        if let talkID = job.talkID { data["talkId"] = talkID.uuidString }
        try await announce(ImportJob.endedEventType, data: LiveJSON.object(data), to: accountID)
    }

    /// A message by key as event data: the value JSONSerialization takes.
    static func object(_ message: MessageKey) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(message))
    }
}


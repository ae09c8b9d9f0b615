import CadenceCore
import Foundation
import Stage

/// An import's progress as the pages and the API see it (S7: long work shows progress).
public struct ImportJob: Equatable, Sendable {
    public enum State: String, Sendable {
        case running, done, failed, cancelled
    }

    public let id: UUID
    public var filename: String
    public var state: State
    public var fraction: Double
    public var stage: String
    /// The error, or the warnings of a finished import.
    public var message: String?
    public var talkID: UUID?

    public init(id: UUID = UUID(), filename: String, state: State = .running, fraction: Double = 0, stage: String = "Uploaded",
                message: String? = nil, talkID: UUID? = nil) {
        self.id = id
        self.filename = filename
        self.state = state
        self.fraction = fraction
        self.stage = stage
        self.message = message
        self.talkID = talkID
    }
}

/// Import jobs and presentation logs, each scoped to an account.
public protocol StageJobStore: Sendable {
    func saveImport(_ job: ImportJob, accountID: UUID, at: Date) async throws
    func importJob(id: UUID, accountID: UUID) async throws -> ImportJob?
    /// Imports left running by a server that stopped (not updated since `updatedBefore`): marked
    /// failed at start, so nobody waits forever.
    func failAbandonedImports(updatedBefore: Date, message: String, at: Date) async throws

    func saveLog(id: UUID, talkID: UUID?, log: PresentationLog, accountID: UUID) async throws
    /// Newest first.
    func logs(accountID: UUID) async throws -> [(id: UUID, log: PresentationLog)]
    func log(id: UUID, accountID: UUID) async throws -> PresentationLog?
}

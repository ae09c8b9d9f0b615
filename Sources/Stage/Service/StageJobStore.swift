import CadenceCore
import Foundation
import Stage

/// Import jobs and presentation logs, each scoped to an account.
public protocol StageJobStore: Sendable {
    func saveImport(_ job: ImportJob, accountID: UUID, at: Date) async throws
    func importJob(id: UUID, accountID: UUID) async throws -> ImportJob?
    /// Imports left running by a server that stopped (not updated since `updatedBefore`): marked
    /// failed at start, so nobody waits forever.
    func failAbandonedImports(updatedBefore: Date, message: String, messageKey: MessageKey, at: Date) async throws

    func saveLog(id: UUID, talkID: UUID?, log: PresentationLog, accountID: UUID) async throws
    /// Newest first.
    func logs(accountID: UUID) async throws -> [(id: UUID, log: PresentationLog)]
    func log(id: UUID, accountID: UUID) async throws -> PresentationLog?
}

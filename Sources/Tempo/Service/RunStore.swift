import Foundation
import Tempo

/// Runs and their samples, each scoped to an account.
public protocol RunStore: Sendable {
    /// Creates the run unless its id is already taken: `true` when created, `false` when this
    /// account already has it (a client sending it again), and `nil` when another account does.
    func createRun(_ run: RunRecord, accountID: UUID, at: Date) async throws -> Bool?
    func run(id: UUID, accountID: UUID) async throws -> RunRecord?
    /// Newest first.
    func runs(accountID: UUID, limit: Int) async throws -> [RunRecord]
    func saveRun(_ run: RunRecord, accountID: UUID, at: Date) async throws
    func deleteRun(id: UUID, accountID: UUID) async throws -> Bool
    /// Stores samples keyed by time; a moment the run already has keeps its values and gains
    /// the fields it lacked. Samples sharing a time within one call are kept apart, in order (a
    /// file whose clock stood still), as that moment's second, third… sample. `nil` when the run
    /// is not this account's.
    func addSamples(_ samples: [RunSample], runID: UUID, accountID: UUID, at: Date) async throws -> SampleMerge?
    /// In time order (samples sharing a time in the order they were stored); `nil` when the run is not this account's.
    func samples(runID: UUID, accountID: UUID) async throws -> [RunSample]?

    /// Samples from `since` on (ms since 1970), in time order; `nil` when the run is not this account's.
    func samples(runID: UUID, accountID: UUID, since: Int64) async throws -> [RunSample]?

    /// Replaces a recording run's pauses (the last may be open); false when the run is not this account's or not
    /// recording any more.
    func savePauses(_ pauses: [RunPause], runID: UUID, accountID: UUID, at: Date) async throws -> Bool
    /// Recording runs with a plan that any instance saved since then, with their accounts (issue 37's scheduler).
    func plannedRunsChanged(since: Date) async throws -> [(accountID: UUID, run: RunRecord)]
    /// True for the first claim of this run's moment, across instances; false for every later one.
    func claimWristMoment(runID: UUID, moment: String, at: Date) async throws -> Bool
    /// True when no heart-rate warning was claimed for the run within `gap` before `at` (and claims this one).
    func claimHeartRateWarning(runID: UUID, at: Date, gap: TimeInterval) async throws -> Bool

    func profile(accountID: UUID) async throws -> RunnerProfileRecord
    func saveProfile(_ profile: RunnerProfileRecord, accountID: UUID, at: Date) async throws
}

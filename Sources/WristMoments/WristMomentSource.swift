import CadenceCore
import Foundation

/// A moment a run sends to the wrist: its key within the run (claimed once) and its instant.
public protocol WristMoment: Sendable {
    /// Unique within its run: each moment goes out once per run.
    var key: String { get }
    /// When it falls due: milliseconds since 1970, on the server's clock.
    var at: Int64 { get }
}

/// What a feature tells `WristMomentScheduler`: its runs, their moments, where they are claimed and where they go.
public protocol WristMomentSource: Sendable {
    associatedtype Subject: Sendable
    associatedtype Moment: WristMoment

    func id(of subject: Subject) -> UUID
    /// The run's moments that have fallen due by `now` or will if nothing else happens, in time order (pure: a
    /// paused run has none after its pause).
    func moments(of subject: Subject, at now: Int64) -> [Moment]
    /// Runs any instance saved since then, with their accounts.
    func changed(since: Date) async throws -> [(accountID: UUID, subject: Subject)]
    /// The run read again just before its moments go out; nil when it no longer sends any (gone, no longer cast).
    func fresh(_ subject: Subject, accountID: UUID) async throws -> Subject?
    /// True for the instance that claims the moment first, once; false for every other and every later try.
    func claim(_ moment: Moment, of subject: Subject, at: Date) async throws -> Bool
    func send(_ moment: Moment, of subject: Subject, accountID: UUID) async throws
    /// Whether `a` is a later copy of the run than `b` (so a copy read before a change does not overwrite it).
    func isNewer(_ a: Subject, than b: Subject) -> Bool
    /// How far back the first poll looks: the longest a run can go on.
    var reachBack: TimeInterval { get }
    /// The feature whose pushes these are (muting it stops them, and nothing is claimed).
    var module: PushModule { get }
}

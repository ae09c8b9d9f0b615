import CadenceCore
import Foundation

/// When each cue actually appeared, against its plan: the rehearsal log (T5).
public struct CueTiming: Equatable, Sendable, Codable {
    public let cueID: UUID
    public let keyword: String
    public let planned: Int
    /// Elapsed seconds when it appeared; nil if the run ended before it.
    public let actual: Double?
    /// Positive: it came later than planned; negative: the speaker moved on early.
    public var drift: Double? { actual.map { $0 - Double(planned) } }
}

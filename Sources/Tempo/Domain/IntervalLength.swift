import CadenceCore
import Foundation

/// How long an interval lasts: a time, or a distance covered at the interval's assumed speed.
public enum IntervalLength: Equatable, Sendable {
    case duration(seconds: Double)
    case distance(metres: Double)
}

import CadenceCore
import Foundation

/// A step of a plan: an interval, or a block of steps repeated `count` times (blocks may nest).
public enum PlanStep: Equatable, Sendable {
    case interval(Interval)
    case `repeat`(count: Int, steps: [PlanStep])
}

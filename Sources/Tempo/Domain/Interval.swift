import CadenceCore
import Foundation

/// One stretch of a workout at one target, or ramping linearly from `target` to `endTarget`.
public struct Interval: Equatable, Sendable {
    public var name: String
    public var length: IntervalLength
    public var target: Target
    /// When set, the target changes linearly (over time) from `target` to this; same kind as `target`.
    public var endTarget: Target?

    public init(name: String, length: IntervalLength, target: Target, endTarget: Target? = nil) {
        self.name = name
        self.length = length
        self.target = target
        self.endTarget = endTarget
    }

    public var isRamp: Bool { endTarget != nil && endTarget != target }

    /// Shorthand for templates and tests.
    public static func minutes(_ minutes: Double, _ name: String, _ target: Target, to endTarget: Target? = nil) -> Interval {
        Interval(name: name, length: .duration(seconds: minutes * 60), target: target, endTarget: endTarget)
    }
}

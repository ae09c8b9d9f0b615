import Foundation

public struct ImportProgress: Sendable {
    public var fraction: Double
    public var stage: String
    public init(fraction: Double, stage: String) {
        self.fraction = fraction
        self.stage = stage
    }
}

import Foundation
import Tempo

/// The runner's facts that calories need.
public struct RunnerProfileRecord: Equatable, Sendable {
    public var weightKg: Double?
    public var birthYear: Int?
    public var sex: String?
    public init(weightKg: Double? = nil, birthYear: Int? = nil, sex: String? = nil) {
        self.weightKg = weightKg; self.birthYear = birthYear; self.sex = sex
    }
}

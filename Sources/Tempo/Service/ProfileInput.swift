import CadenceCore
import Foundation
import Tempo

public struct ProfileInput: Codable {
    public let weightKg: Double?
    public let birthYear: Int?
    public let sex: String?
    public let maxHeartRate: Double?

    public init(weightKg: Double?, birthYear: Int?, sex: String?, maxHeartRate: Double? = nil) {
        self.weightKg = weightKg
        self.birthYear = birthYear
        self.sex = sex
        self.maxHeartRate = maxHeartRate
    }
}

import CadenceCore
import Tempo
import TempoService
import Web

/// `GET/PUT /api/v1/tempo/profile`: what the runner said, and the heart-rate zones that follows from it.
struct ProfileBody: JSONResponse {
    struct Maximum: Encodable {
        let value: Double
        /// `profile` (their own figure) or `age` (208 − 0.7 × age).
        let source: String
    }

    let weightKg: Double?
    let birthYear: Int?
    let sex: String?
    let maxHeartRate: Double?
    /// Null when neither a maximum nor a birth year is known: then there are no zones.
    let heartRateMaximum: Maximum?
    let heartRateZones: [HeartRateBand]

    init(_ profile: RunnerProfileRecord, year: Int) {
        weightKg = profile.weightKg
        birthYear = profile.birthYear
        sex = profile.sex
        maxHeartRate = profile.maxHeartRate
        let maximum = profile.heartRateMaximum(year: year)
        heartRateMaximum = maximum.map { Maximum(value: $0.value, source: $0.source) }
        heartRateZones = maximum.map { HeartRateZones.bands(maximum: $0.value) } ?? []
    }
}

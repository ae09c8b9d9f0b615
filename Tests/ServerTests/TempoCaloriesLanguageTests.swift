import CadenceCore
import Foundation
import Tempo
import Testing
import Web

/// The run page says how calories were estimated from the summary's method code and what it assumed
/// (`js.tempo.run.page.calories_method.*`, chosen as tempo-run.js chooses): in English that is the API's `methodText`
/// word for word, and every message has its Spanish.
@Suite(.timeLimit(.minutes(5))) struct TempoCaloriesLanguageTests {
    /// 1 Hz along the equator at `speed` m/s for ten minutes, with a heart rate for the first `heartRateSeconds`.
    static func samples(speed: Double, heartRateSeconds: Int = 0) -> [RunSample] {
        (0...600).map {
            RunSample(time: 1_700_000_000_000 + Int64($0) * 1000, latitude: 0,
                      longitude: Double($0) * speed / (6_371_008.8 * Double.pi / 180), heartRate: $0 < heartRateSeconds ? 150 : nil)
        }
    }

    /// The key and values tempo-run.js's `caloriesMethodText` uses.
    static func message(_ calories: CalorieEstimate, activity: Activity?) -> (key: String, values: [String: String]) {
        let key = ["heartRate": "heart_rate", "acsmRunning": "acsm_running", "acsmWalking": "acsm_walking",
                   "cyclingMET": "cycling_met", "none": "none"][calories.method.rawValue]!
        let prefix = "js.tempo.run.page.calories_method."
        if calories.method == .none { return (prefix + "none", [:]) }
        if calories.method == .heartRate, let minutes = calories.minutesWithoutHeartRate {
            return (prefix + "heart_rate_" + (activity == nil ? "not_estimated" : "by_speed"), ["minutes": String(Int(minutes.rounded()))])
        }
        return (prefix + key + (calories.weightAssumed == true && key != "heart_rate" ? "_weight_assumed" : ""), [:])
    }

    @Test func theMethodsMessagesSayInEnglishWhatMethodTextSays() throws {
        let athlete = RunnerProfile(weightKg: 70, age: 30, sex: .male)
        let cases: [(Activity?, RunnerProfile, [RunSample])] = [
            (.running, RunnerProfile(), Self.samples(speed: 4)),
            (.running, RunnerProfile(weightKg: 60), Self.samples(speed: 4)),
            (.walking, RunnerProfile(), Self.samples(speed: 1.5)),
            (.walking, RunnerProfile(weightKg: 60), Self.samples(speed: 1.5)),
            (.cycling, RunnerProfile(), Self.samples(speed: 7)),
            (.cycling, RunnerProfile(weightKg: 60), Self.samples(speed: 7)),
            (nil, RunnerProfile(weightKg: 60), Self.samples(speed: 20)),
            (.running, athlete, Self.samples(speed: 3, heartRateSeconds: 700)),
            (.running, athlete, Self.samples(speed: 3, heartRateSeconds: 400)),
            (nil, athlete, Self.samples(speed: 3, heartRateSeconds: 300)),
        ]
        let english = Catalogues.bundled.messages(.english), spanish = Catalogues.bundled.messages(.spanish)
        var keys: Set<String> = []
        for (activity, profile, samples) in cases {
            let calories = RunStats.compute(samples: samples, activity: activity, profile: profile).calories
            let (key, values) = Self.message(calories, activity: activity)
            keys.insert(key)
            #expect(english(key, values) == calories.methodText, "\(key)")
            #expect(spanish(key, values) != english(key, values), "\(key)")
        }
        #expect(keys.count == cases.count, "each case says a different message: \(keys.sorted())")
    }
}



/// Energy equations, each for one short stretch of movement; `RunStats` sums them per segment.
///
/// - ACSM (Guidelines for Exercise Testing, metabolic equations), v in m/min, grade a fraction:
///   running VO2 = 0.2·v + 0.9·v·grade + 3.5; walking VO2 = 0.1·v + 1.8·v·grade + 3.5 (ml/kg/min);
///   kcal/min = VO2 · kg / 1000 · 5 (≈ 5 kcal per litre of O2).
///   Downhill (negative grade) adds nothing: the equations are for level and uphill, and
///   extrapolating them downhill would predict less than resting cost on steep descents.
///   The equation follows the activity, not the speed: ACSM's walking equation holds up to about
///   100 m/min and running above about 134 m/min; a runner's slow stretches stay on the running
///   equation (it overestimates a little there), a walker's fast ones on the walking equation.
/// - Keytel et al. 2005 (kcal/min, HR in bpm, weight kg, age years), chosen when the heart rate
///   and weight, age and sex (female or male) are known because it follows the actual effort:
///   men (−55.0969 + 0.6309·HR + 0.1988·kg + 0.2017·age) / 4.184,
///   women (−20.4022 + 0.4472·HR − 0.1263·kg + 0.074·age) / 4.184; never below 0 (low heart rates
///   would otherwise give a negative figure).
/// - Cycling without power: MET by speed from the Compendium of Physical Activities,
///   kcal = MET · kg · hours (1 MET ≈ 1 kcal/kg/h).
public enum Calories {
    /// Grades beyond ±45% are GPS or elevation-model artefacts, not hills anyone runs.
    public static let maximumGrade = 0.45

    public static func runningVO2(metresPerMinute v: Double, grade: Double) -> Double {
        0.2 * v + 0.9 * v * max(0, grade) + 3.5
    }

    public static func walkingVO2(metresPerMinute v: Double, grade: Double) -> Double {
        0.1 * v + 1.8 * v * max(0, grade) + 3.5
    }

    /// kcal per minute for an oxygen uptake (ml/kg/min) and a body mass.
    public static func kcalPerMinute(vo2: Double, weightKg: Double) -> Double {
        vo2 * weightKg / 1000 * 5
    }

    /// Keytel et al. 2005; nil for a sex without coefficients.
    public static func heartRateKcalPerMinute(heartRate hr: Double, weightKg w: Double, age a: Double, sex: RunnerProfile.Sex) -> Double? {
        switch sex {
        case .male: max(0, (-55.0969 + 0.6309 * hr + 0.1988 * w + 0.2017 * a) / 4.184)
        case .female: max(0, (-20.4022 + 0.4472 * hr - 0.1263 * w + 0.074 * a) / 4.184)
        case .other: nil
        }
    }

    /// Compendium MET for cycling at a speed: <16 km/h 4.0, 16–19 6.8, 19–22 8.0, 22–25 10.0,
    /// 25–30 12.0, above 30 15.8 (each band includes its lower bound).
    public static func cyclingMET(kmh: Double) -> Double {
        switch kmh {
        case ..<16: 4.0
        case ..<19: 6.8
        case ..<22: 8.0
        case ..<25: 10.0
        case ...30: 12.0
        default: 15.8
        }
    }

    /// Grade of a stretch, rise over horizontal run, clamped to ±45%; 0 without a horizontal run.
    public static func grade(rise: Double, run: Double) -> Double {
        guard run > 0.5, rise.isFinite else { return 0 }
        return min(maximumGrade, max(-maximumGrade, rise / run))
    }

    /// Energy of one stretch of movement: `minutes` long, at `metresPerMinute` horizontally,
    /// on `grade`, with the heart rate if known. Uses the heart-rate equation when it can.
    public static func kilocalories(minutes: Double, metresPerMinute v: Double, grade: Double, heartRate: Double?,
                                    activity: Activity?, profile: RunnerProfile) -> (kcal: Double, method: CalorieMethod) {
        let weight = profile.knownWeight ?? RunnerProfile.defaultWeightKg
        if let hr = heartRate, profile.supportsHeartRateEquation, let age = profile.age, let sex = profile.sex,
           let perMinute = heartRateKcalPerMinute(heartRate: hr, weightKg: weight, age: age, sex: sex) {
            return (perMinute * minutes, .heartRate)
        }
        switch activity {
        case .running: return (kcalPerMinute(vo2: runningVO2(metresPerMinute: v, grade: grade), weightKg: weight) * minutes, .acsmRunning)
        case .walking: return (kcalPerMinute(vo2: walkingVO2(metresPerMinute: v, grade: grade), weightKg: weight) * minutes, .acsmWalking)
        case .cycling: return (cyclingMET(kmh: v * 60 / 1000) * weight * minutes / 60, .cyclingMET)
        case nil: return (0, .none)
        }
    }

    /// The sentence for a result: which equation, and what was assumed.
    static func methodText(_ method: CalorieMethod, profile: RunnerProfile, fallbackMinutes: Double, activityKnown: Bool = true) -> String {
        var text: String
        switch method {
        case .heartRate: text = "Heart-rate equation (Keytel et al. 2005) from your heart rate, weight, age and sex"
        case .acsmRunning: text = "ACSM running equation from speed and climb"
        case .acsmWalking: text = "ACSM walking equation from speed and climb"
        case .cyclingMET: text = "Cycling MET by speed (Compendium of Physical Activities)"
        case .none: return "Not estimated: the activity is unknown. Choose it to estimate calories."
        }
        if method == .heartRate, fallbackMinutes >= 0.5 {
            text += "; \(NumberText.whole(fallbackMinutes)) min without heart rate "
                + (activityKnown ? "by speed instead" : "not estimated (the activity is unknown)")
        }
        if profile.knownWeight == nil {
            text += "; weight unknown, 70 kg assumed"
        }
        return text + "."
    }
}

/// Which equation an energy estimate used.
public enum CalorieMethod: String, Sendable, Equatable, Codable {
    /// Keytel et al. 2005, from heart rate, weight, age and sex (without VO2max).
    case heartRate
    /// ACSM running equation, from speed and grade.
    case acsmRunning
    /// ACSM walking equation, from speed and grade.
    case acsmWalking
    /// Compendium of Physical Activities MET for cycling at a speed.
    case cyclingMET
    /// No estimate: the activity is unknown (a file that names none) and there is no heart rate
    /// to go by. A drive is not costed as a run.
    case none
}

import CadenceCore
import Foundation

/// Paces as people write them: `m:ss`.
public enum PaceText {
    public static func format(_ secondsPerKm: Double) -> String {
        // Clamped, so no value can trap the conversion (a pace is minutes, never days).
        let total = secondsPerKm.isFinite ? Int(min(max(secondsPerKm, 0), 359_999).rounded()) : 0
        let seconds = total % 60
        return "\(total / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    }
}

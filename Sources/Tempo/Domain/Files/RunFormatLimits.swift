import Foundation

/// Caps that keep a hostile or broken file from exhausting memory.
public enum RunFormatLimits {
    /// 200 MB: a 10-hour 1 Hz TCX with every sensor is about 25 MB, so this is generous.
    public static let maxBytes = 200 * 1024 * 1024
    /// 2,000,000 points: 23 days at 1 Hz.
    public static let maxPoints = 2_000_000
}

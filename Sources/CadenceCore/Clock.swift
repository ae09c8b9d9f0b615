import Foundation

extension Date {
    /// Milliseconds since 1970, the form times are stored in on both database engines.
    /// Clamped to Int64, so no date a client sends can trap the conversion.
    public var millisecondsSince1970: Int64 {
        let ms = (timeIntervalSince1970 * 1000).rounded()
        guard ms.isFinite else { return ms > 0 ? .max : .min }
        return ms >= 9.2e18 ? .max : ms <= -9.2e18 ? .min : Int64(ms)
    }

    public init(millisecondsSince1970 ms: Int64) {
        self.init(timeIntervalSince1970: Double(ms) / 1000)
    }
}

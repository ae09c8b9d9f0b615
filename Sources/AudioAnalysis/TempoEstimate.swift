import Foundation

/// A tempo estimate: the beat rate, how sure the estimator is, and the other metrical levels a listener
/// might tap (half and double tempo, and for triple feels ×⅔ / ×³⁄₂), most plausible first.
public struct TempoEstimate: Sendable, Equatable, Codable {
    /// Beats per minute; 0 when no tempo could be found (silence, or less than about 3 s of audio).
    public let bpm: Double
    /// 0…1: near 1 for a clean, steady beat, near 0 for noise or silence.
    public let confidence: Double
    public let alternatives: [Double]

    public init(bpm: Double, confidence: Double, alternatives: [Double]) {
        self.bpm = bpm
        self.confidence = confidence
        self.alternatives = alternatives
    }
}

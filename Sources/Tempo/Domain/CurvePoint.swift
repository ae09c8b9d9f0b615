import Foundation

/// A point of the intensity curve, for drawing (the web page draws SVG polylines).
public struct CurvePoint: Equatable, Sendable, Codable {
    public let seconds: Double
    public let cadence: Double
    public let effort: Double
}

import Foundation

/// What the importer did to the cadence values, so a caller can tell the user or re-decide.
public enum CadenceInterpretation: String, Sendable, Codable {
    /// The file has no cadence.
    case none
    /// Values counted one foot and were doubled to steps/min.
    case doubledFromPerFoot
    /// Values were already in Cadence's unit (steps/min both feet, or rpm for cycling).
    case asRecorded
    /// The activity is unknown, so rpm and one-foot strides/min can't be told apart: values
    /// are kept as recorded. Call `CadenceConvention.resolve` once the activity is known.
    case ambiguousAsRecorded
}

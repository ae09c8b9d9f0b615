import CadenceCore
import Foundation

/// Why a file could not be imported or a run could not be exported.
///
/// Every case renders a sentence a user can act on; the line number (from XMLParser) is
/// included wherever the problem sits at one place in the file.
public enum RunFormatError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Not XML at all (empty, binary, JSON, …).
    case notXML
    /// XML that breaks the syntax rules; `line` is where the parser gave up.
    case malformedXML(line: Int, reason: String)
    /// Well-formed XML whose root is neither GPX nor TCX.
    case unsupportedRoot(name: String, namespace: String)
    /// `<!DOCTYPE` is refused outright: run files never need one, and DTDs are how entity
    /// expansion (billion laughs) and external entity (XXE) attacks get in.
    case doctypeRefused
    /// Larger than `RunFormatLimits.maxBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// More than `RunFormatLimits.maxPoints` trackpoints.
    case tooManyPoints(limit: Int)
    /// No `trk` (GPX) / `Activity` (TCX); `detail` says what the file has instead (routes, waypoints…).
    case noTrack(detail: RunFileDetail)
    /// A track exists but has no trackpoints.
    case noTrackpoints
    /// A GPX `trkpt` whose `lat` or `lon` is missing or not a number, or a TCX `Position` that is broken.
    case badCoordinate(line: Int, detail: RunFileDetail)
    /// A time that isn't ISO 8601.
    case badTime(line: Int, text: String)
    /// Trackpoints, but none with a time: a route, or a track whose times were removed. (Points
    /// without a time beside timed ones are left out and counted, not refused.)
    case noTimes(points: Int)
    /// Export: nothing the format can hold (GPX needs positions).
    case nothingToExport(reason: String)

    public var description: String {
        switch self {
        case .notXML: "The file is not XML (expected a GPX or TCX file)."
        case let .malformedXML(line, reason): "line \(line): malformed XML: \(reason)"
        case let .unsupportedRoot(name, namespace):
            "Not a GPX or TCX file: the root element is <\(name)>" + (namespace.isEmpty ? "." : " in namespace \(namespace).")
        case .doctypeRefused: "The file has a DOCTYPE declaration; GPX and TCX files never need one, so it is refused for safety."
        case let .tooLarge(bytes, limit): "The file is too large (\(bytes) bytes; the limit is \(limit))."
        case let .tooManyPoints(limit): "The file has more than \(limit) trackpoints."
        case let .noTrack(detail): "No track in the file: \(detail)"
        case .noTrackpoints: "The track has no trackpoints."
        case let .badCoordinate(line, detail): "line \(line): \(detail)"
        case let .badTime(line, text): "line \(line): bad time \"\(text)\" (expected ISO 8601, like 2024-05-01T07:30:00Z)"
        case let .noTimes(points): "None of the file's \(points) trackpoints has a time: a run is a recording over time (is this a route, or a track whose times were removed?)."
        case let .nothingToExport(reason): "Nothing to export: \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// The same message by catalogue key (`tempo.runs.error.file.…`), with its values, so a page can say it in the
    /// person's language (a file detail said inside it, in the same language). The XML parser's own reasons stay as
    /// they are.
    public var localized: MessageKey {
        switch self {
        case .notXML: MessageKey("tempo.runs.error.file.not_xml")
        case let .malformedXML(line, reason): MessageKey("tempo.runs.error.file.malformed", ["line": String(line), "reason": reason])
        case let .unsupportedRoot(name, namespace):
            namespace.isEmpty ? MessageKey("tempo.runs.error.file.root", ["name": name])
                : MessageKey("tempo.runs.error.file.root_namespace", ["name": name, "namespace": namespace])
        case .doctypeRefused: MessageKey("tempo.runs.error.file.doctype")
        case let .tooLarge(bytes, limit): MessageKey("tempo.runs.error.file.too_large", ["bytes": String(bytes), "limit": String(limit)])
        case let .tooManyPoints(limit): MessageKey("tempo.runs.error.file.too_many_points", ["limit": String(limit)])
        case let .noTrack(detail):
            MessageKey("tempo.runs.error.file.no_track", ["detail": detail.description], nested: ["detail": detail.localized])
        case .noTrackpoints: MessageKey("tempo.runs.error.file.no_trackpoints")
        case let .badCoordinate(line, detail):
            MessageKey("tempo.runs.error.file.bad_coordinate", ["line": String(line), "detail": detail.description],
                       nested: ["detail": detail.localized])
        case let .badTime(line, text): MessageKey("tempo.runs.error.file.bad_time", ["line": String(line), "text": text])
        case let .noTimes(points): MessageKey("tempo.runs.error.file.no_times", ["points": String(points)])
        case let .nothingToExport(reason): MessageKey("tempo.runs.error.file.nothing_to_export", ["reason": reason])
        }
    }
}

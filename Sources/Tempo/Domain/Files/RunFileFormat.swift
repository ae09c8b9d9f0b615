import Foundation

/// Which format a file is, judged by its root element.
public enum RunFileFormat: String, Sendable, Equatable {
    case gpx, tcx, unknown

    /// Cheap sniff of the prolog: skips BOM, `<?xml …?>`, comments and whitespace and looks at
    /// the first element's local name (`gpx`, `TrainingCenterDatabase`). It reads at most
    /// 64 KB and does not validate; the full parse still checks the namespace.
    public static func detect(_ data: Data) -> RunFileFormat {
        guard let root = XMLProlog.scan(data).rootName else { return .unknown }
        let local = root.split(separator: ":").last.map(String.init) ?? root
        switch local {
        case "gpx": return .gpx
        case "TrainingCenterDatabase": return .tcx
        default: return .unknown
        }
    }
}

/// Entry point: detect, then parse with the matching reader.
public enum RunFileImporter {
    /// Imports a GPX or TCX file. Throws `RunFormatError` for anything it cannot read.
    public static func read(_ data: Data) throws -> RecordedActivity {
        switch RunFileFormat.detect(data) {
        case .gpx: return try GPXReader.read(data)
        case .tcx: return try TCXReader.read(data)
        case .unknown:
            // Let the full parser produce the precise complaint (not XML, malformed, other root).
            try XMLPreflight.check(data)
            let probe = RootProbe()
            try probe.run(data)
            throw RunFormatError.unsupportedRoot(name: probe.rootName ?? "?", namespace: probe.rootNamespace ?? "")
        }
    }
}

/// Parses just far enough to name the root element (for the "not GPX/TCX" message).
final class RootProbe: NamespacedXMLParser {
    var rootName: String?
    var rootNamespace: String?
    override func didStart(namespace: String, name: String, attributes: [String: String]) throws {
        if rootName == nil { rootName = name; rootNamespace = namespace }
    }
}

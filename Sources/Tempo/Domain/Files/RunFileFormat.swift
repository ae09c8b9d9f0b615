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

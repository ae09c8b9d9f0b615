import Foundation

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

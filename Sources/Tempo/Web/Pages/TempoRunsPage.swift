import Foundation
import TempoService
import Web

/// `/phone/tempo/runs`: the history and its import form.
struct TempoRunsPage: Sendable {
    let maxSize = ByteCountFormatter.string(fromByteCount: Int64(TempoRuns.maximumImportBytes), countStyle: .file)
}

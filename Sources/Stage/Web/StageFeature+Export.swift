import Foundation
import StageService
import Web

/// Stage in an export: each series as a `.cadence` package (slides, pictures, videos and notes in every language),
/// which "Install a package" on any Cadence server turns back into the same series.
extension StageFeature: AccountExporting {
    public var exportReadme: String {
        """
        stage/            Each Stage series as a .cadence package: a ZIP with the slides' pictures and videos, the \
        notes in every language and a manifest with checksums. Install it on any Cadence server (Stage → Install a \
        package) to get the same series back.
        """
    }

    public func exportFiles(accountID: UUID, scratch: URL) async throws -> [ExportFile] {
        let packages = StagePackages(library: library, catalogue: catalogue, keyCost: keyCost, clock: clock)
        var files: [ExportFile] = []
        for summary in try await library.allSeries(accountID: accountID) where summary.talkCount > 0 {
            let file = scratch.appendingPathComponent("\(summary.series.id.uuidString.lowercased()).cadence")
            _ = try await packages.export(seriesID: summary.series.id, password: nil, accountID: accountID, to: file)
            files.append(ExportFile("stage/\(ExportFile.safeName(summary.series.title, fallback: "series")).cadence", .file(file)))
        }
        return files
    }
}

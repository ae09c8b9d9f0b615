import Foundation
import Talks
import TalksService
import Web

/// Talks in an export: every talk as an outline (title, length, each cue at its time) and all of them as JSON.
extension TalksFeature: AccountExporting {
    public var exportReadme: String {
        """
        talks/            Your Talks: each talk as a plain-text outline (the cue keywords at their times), and all \
        of them in talks.json (the same data as the API's /api/v1/talks/topics).
        """
    }

    public func exportFiles(accountID: UUID, scratch: URL) async throws -> [ExportFile] {
        let topics = try await service.topics(accountID: accountID)
        var files = [ExportFile("talks/talks.json", .data(try ExportJSON.encode(topics)))]
        for topic in topics {
            files.append(ExportFile("talks/\(ExportFile.safeName(topic.title, fallback: "talk")).txt", .data(Data(Self.outline(topic).utf8))))
        }
        return files
    }

    static func outline(_ topic: Topic) -> String {
        var lines = [topic.title, "Length: \(CueTime.format(topic.duration))", ""]
        lines += topic.cues.map { "\(CueTime.format($0.at))  \($0.keyword)" }
        return lines.joined(separator: "\n") + "\n"
    }
}

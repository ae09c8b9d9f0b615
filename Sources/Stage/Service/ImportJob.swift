import CadenceCore
import Foundation
import DeckImport
import Stage

/// An import's progress as the pages and the API see it (S7: long work shows progress).
public struct ImportJob: Equatable, Sendable {
    /// The live event sent when an import ends.
    public static let endedEventType = "stage.import.ended"

    public enum State: String, Sendable {
        case running, done, failed, cancelled
    }

    public let id: UUID
    public var filename: String
    public var state: State
    public var fraction: Double
    /// The stage in English (for programs and the log), and by catalogue key for the pages.
    public var stage: String
    public var stageKey: MessageKey?
    /// The error, or the warnings of a finished import, in English; and the same sentences by key, one each (none for
    /// a job saved before they were kept, or a tool's refusal without a key: the English is said then).
    public var message: String?
    public var messageKeys: [MessageKey]
    public var talkID: UUID?

    public init(id: UUID = UUID(), filename: String, state: State = .running, fraction: Double = 0, stage: String = ImportStage.uploaded.english,
                stageKey: MessageKey? = MessageKey(ImportStage.uploaded.key), message: String? = nil, messageKeys: [MessageKey] = [],
                talkID: UUID? = nil) {
        self.id = id
        self.filename = filename
        self.state = state
        self.fraction = fraction
        self.stage = stage
        self.stageKey = stageKey
        self.message = message
        self.messageKeys = messageKeys
        self.talkID = talkID
    }

    /// Moves to a stage, in English and by key.
    public mutating func enter(_ stage: ImportStage) {
        self.stage = stage.english
        stageKey = MessageKey(stage.key)
    }

    /// The end of a successful import: how many slides came in.
    public mutating func imported(_ count: Int) {
        stage = "Imported \(count) slide\(count == 1 ? "" : "s")"
        stageKey = MessageKey("stage.import.stage.imported", ["count": String(count)])
    }

    /// The sentences the job says (its error, or its warnings), in English and by key; a sentence without a key
    /// leaves the keys empty, so the page shows the English rather than a part of what was said.
    public mutating func say(_ sentences: [(english: String, key: MessageKey?)]) {
        message = sentences.isEmpty ? nil : sentences.map(\.english).joined(separator: " ")
        let keys = sentences.compactMap(\.key)
        messageKeys = keys.count == sentences.count ? keys : []
    }
}

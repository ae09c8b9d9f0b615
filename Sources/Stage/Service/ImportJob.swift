import CadenceCore
import Foundation
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
    public var stage: String
    /// The error, or the warnings of a finished import.
    public var message: String?
    public var talkID: UUID?

    public init(id: UUID = UUID(), filename: String, state: State = .running, fraction: Double = 0, stage: String = "Uploaded",
                message: String? = nil, talkID: UUID? = nil) {
        self.id = id
        self.filename = filename
        self.state = state
        self.fraction = fraction
        self.stage = stage
        self.message = message
        self.talkID = talkID
    }
}

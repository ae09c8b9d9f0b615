import CadenceCore
import Foundation

/// What a speaker (or the phone) did during a run, and when (milliseconds since 1970).
public struct RunStep: Equatable, Sendable, Codable {
    public enum Action: String, Equatable, Sendable, Codable {
        case start, pause, resume, next, stop
    }

    public let action: Action
    public let at: Int64

    public init(_ action: Action, at: Int64) {
        self.action = action
        self.at = at
    }
}

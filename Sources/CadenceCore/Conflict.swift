import Foundation

/// A well-formed request that the record's present state does not allow (a step after the run stopped).
public struct Conflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable name for the refusal ("step_not_allowed").
    public let code: String
    public let message: String
    /// The message in the catalogue, when the code that refused has moved its words there.
    public let localized: MessageKey?
    /// The input field the refusal is about, if one is.
    public let field: String?

    public init(code: String, _ message: String, field: String? = nil, key: String? = nil, _ arguments: [String: String] = [:]) {
        localized = key.map { MessageKey($0, arguments) }
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}

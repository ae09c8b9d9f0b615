import Foundation

/// A well-formed request that the record's present state does not allow (a step after the run stopped).
public struct Conflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable name for the refusal ("step_not_allowed").
    public let code: String
    public let message: String
    /// The input field the refusal is about, if one is.
    public let field: String?

    public init(code: String, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}

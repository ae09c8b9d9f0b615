import Foundation

/// A value a person supplied is unusable. Carries the field's name so forms and
/// API answers can point at it, and a message a person can act on.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String
    /// The message in the catalogue, when the code that refused has moved its words there.
    public let localized: MessageKey?

    public init(field: String, _ message: String, key: String? = nil, _ arguments: [String: String] = [:]) {
        localized = key.map { MessageKey($0, arguments) }
        self.field = field
        self.message = message
    }

    /// With a catalogue message already made (one that nests another).
    public init(field: String, _ message: String, localized: MessageKey?) {
        self.localized = localized
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }

    /// The same refusal whether or not its words have moved to the catalogue yet.
    public static func == (lhs: ValidationError, rhs: ValidationError) -> Bool {
        lhs.field == rhs.field && lhs.message == rhs.message
    }
}

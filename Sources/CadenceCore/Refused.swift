import Foundation

/// A request this record refuses as asked, though it is well-formed (a pairing code that matches nothing, a
/// current password that is not right): the client can correct it. `code` names the refusal for programs.
public struct Refused: Error, Equatable, Sendable, CustomStringConvertible {
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

import Foundation

/// The credentials presented do not identify anyone (a wrong e-mail address and password pair).
public struct NotAuthenticated: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: String
    public let message: String

    public init(code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

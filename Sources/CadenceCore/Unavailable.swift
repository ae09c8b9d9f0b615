import Foundation

/// Something this server depends on cannot do its part now (no mail server set up, or it refused).
public struct Unavailable: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: String
    public let message: String

    public init(code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

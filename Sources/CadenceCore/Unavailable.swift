import Foundation

/// Something this server depends on cannot do its part now (no mail server set up, or it refused).
public struct Unavailable: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: String
    public let message: String
    /// The message in the catalogue, when the code that refused has moved its words there.
    public let localized: MessageKey?

    public init(code: String, _ message: String, key: String? = nil, _ arguments: [String: String] = [:]) {
        localized = key.map { MessageKey($0, arguments) }
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

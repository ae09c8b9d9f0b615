import Foundation

/// Why audio could not be decoded. `message` is a sentence meant for the user and names what is wrong.
public struct AudioDecodeError: Error, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notAudio, unsupported, truncated, toolMissing, toolFailed, tooLong
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

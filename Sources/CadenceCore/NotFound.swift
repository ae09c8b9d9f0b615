import Foundation

/// A record this account cannot see: missing, deleted, or another account's (they are told apart for no one).
public struct NotFound: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was looked for, as a person names it ("topic", "run").
    public let what: String

    public init(_ what: String) { self.what = what }

    public var description: String { "No \(what) with that id." }
}

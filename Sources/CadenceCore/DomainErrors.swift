import Foundation

/// Errors the services throw, knowing nothing of HTTP. The web layer's one error middleware turns them into
/// the JSON envelope for the API and a message on the page for browsers (`ValidationError` is the third).

/// A record this account cannot see: missing, deleted, or another account's (they are told apart for no one).
public struct NotFound: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was looked for, as a person names it ("topic", "run").
    public let what: String

    public init(_ what: String) { self.what = what }

    public var description: String { "No \(what) with that id." }
}

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

/// Too many wrong guesses (codes, passwords) from one place: the next try is allowed after `retryAfter` seconds.
public struct TooManyAttempts: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was tried too often, as a person reads it ("activation code attempts").
    public let what: String
    public let retryAfter: TimeInterval

    public init(_ what: String, retryAfter: TimeInterval) {
        self.what = what
        self.retryAfter = retryAfter
    }

    public var description: String {
        let minutes = Int((retryAfter / 60).rounded(.up))
        let wait = retryAfter < 60 ? "\(Int(retryAfter)) seconds" : (minutes == 1 ? "1 minute" : "\(minutes) minutes")
        return "Too many \(what). Try again in \(wait)."
    }
}

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

/// A request this record refuses as asked, though it is well-formed (a pairing code that matches nothing, a
/// current password that is not right): the client can correct it. `code` names the refusal for programs.
public struct Refused: Error, Equatable, Sendable, CustomStringConvertible {
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

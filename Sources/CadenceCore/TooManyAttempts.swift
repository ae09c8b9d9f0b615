import Foundation

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

import Foundation

/// One issued code and what has happened to it.
public struct Pairing: Equatable, Sendable {
    public let id: UUID
    public let accountID: UUID
    public let code: String
    public let expiresAt: Date
    public var wrongGuesses: Int
    public var usedAt: Date?

    public init(id: UUID, accountID: UUID, code: String, expiresAt: Date, wrongGuesses: Int = 0, usedAt: Date? = nil) {
        self.id = id
        self.accountID = accountID
        self.code = code
        self.expiresAt = expiresAt
        self.wrongGuesses = wrongGuesses
        self.usedAt = usedAt
    }

    public enum State: Equatable, Sendable {
        case open
        case used
        case expired
        case exhausted
    }

    public func state(at now: Date) -> State {
        if usedAt != nil { return .used }
        if wrongGuesses >= PairingRules.maximumWrongGuesses { return .exhausted }
        if now >= expiresAt { return .expired }
        return .open
    }

    public enum Verdict: Equatable, Sendable {
        case accept
        case wrongCode(remaining: Int)
        case refuse(State)
    }

    /// What a guess at this pairing's code does; the caller records a wrong guess.
    public func judge(guess: String, at now: Date) -> Verdict {
        let state = state(at: now)
        guard state == .open else { return .refuse(state) }
        if guess == code { return .accept }
        return .wrongCode(remaining: max(0, PairingRules.maximumWrongGuesses - wrongGuesses - 1))
    }
}

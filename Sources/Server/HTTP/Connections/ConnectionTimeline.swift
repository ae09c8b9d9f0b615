import NIOCore

/// What one HTTP/1 connection is waiting for, hence which limit applies and what to do once it passes
/// (docs/operations.md, "Connections"). The channel handlers report what happens; this decides.
///
/// - Awaiting a request: the client may stay silent for the idle timeout; once a byte of the head has come,
///   the whole head must be there within the header timeout.
/// - Reading a body: whenever the server asks for more, the client may pause for the idle timeout, so a slow
///   but steady upload goes on for as long as it keeps coming.
/// - Answering: the server's turn, no limit.
/// - Lingering, after an answer given before the body was read: what still comes is dropped, while it keeps
///   coming within the idle timeout and for at most `ConnectionLimits.lingerLimit`; then the connection closes.
struct ConnectionTimeline {
    enum Expiry: Equatable {
        /// Nothing of a request came: close without a word.
        case closeSilently
        /// Part of a head came: answer 408 and close.
        case requestTimeout
        /// A body stopped arriving, or the linger is over: close at once.
        case abort
    }

    let limits: ConnectionLimits
    /// Requests whose head came and whose answer has not ended.
    private var requestsOpen = 0
    /// The latest request's body has not fully come.
    private(set) var bodyOpen = false
    private var idleSince: NIODeadline
    private var headStartedAt: NIODeadline?
    /// The server asked for bytes at this time and none have come since.
    private var waitingSince: NIODeadline?
    private var lingerUntil: NIODeadline?
    private var closesAfterAnswer = false

    init(limits: ConnectionLimits, now: NIODeadline) {
        self.limits = limits
        self.idleSince = now
    }

    var isLingering: Bool { lingerUntil != nil }

    mutating func bytesArrived(at now: NIODeadline) {
        waitingSince = nil
        if requestsOpen == 0, headStartedAt == nil, lingerUntil == nil { headStartedAt = now }
    }

    mutating func readRequested(at now: NIODeadline) {
        if waitingSince == nil { waitingSince = now }
    }

    mutating func headReceived() {
        requestsOpen += 1
        bodyOpen = true
        headStartedAt = nil
    }

    mutating func endReceived() {
        bodyOpen = false
    }

    /// Whether this answer closes the connection: it starts before its request's body has come, so what follows
    /// on the connection is the rest of a body nobody reads, not a next request.
    mutating func answerStarted() -> Bool {
        if bodyOpen, requestsOpen == 1 { closesAfterAnswer = true }
        return closesAfterAnswer
    }

    /// Whether the connection lingers now (the caller half-closes it once the answer is flushed).
    mutating func answerEnded(at now: NIODeadline) -> Bool {
        requestsOpen = max(0, requestsOpen - 1)
        if closesAfterAnswer {
            lingerUntil = now + ConnectionLimits.lingerLimit
            return true
        }
        if requestsOpen == 0 { idleSince = now }
        return false
    }

    /// When the connection has waited too long, if it is waiting on the client at all.
    var deadline: NIODeadline? {
        if let lingerUntil {
            return waitingSince.map { min(lingerUntil, $0 + limits.idleTimeout) } ?? lingerUntil
        }
        if requestsOpen == 0 {
            return headStartedAt.map { $0 + limits.headerTimeout } ?? idleSince + limits.idleTimeout
        }
        if bodyOpen, requestsOpen == 1 {
            return waitingSince.map { $0 + limits.idleTimeout }
        }
        return nil
    }

    var expiry: Expiry {
        guard !isLingering, requestsOpen == 0 else { return .abort }
        return headStartedAt == nil ? .closeSilently : .requestTimeout
    }
}

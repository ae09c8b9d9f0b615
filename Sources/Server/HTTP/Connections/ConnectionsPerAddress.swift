import Logging
import Synchronization

/// Open connections per client address, so one address cannot take every descriptor the server has.
final class ConnectionsPerAddress: Sendable {
    private struct Entry {
        var open = 0
        /// The refusal was logged since the address last dropped below the cap (a flood logs once, not per connection).
        var refusalLogged = false
    }

    let maximum: Int
    private let logger: Logger
    private let entries = Mutex<[String: Entry]>([:])

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    /// Counts a new connection from `address`, or answers false when the address holds `maximum` already.
    func open(_ address: String) -> Bool {
        let (accepted, logRefusal) = entries.withLock { entries -> (Bool, Bool) in
            var entry = entries[address, default: Entry()]
            defer { entries[address] = entry }
            if entry.open < maximum {
                entry.open += 1
                return (true, false)
            }
            let firstRefusal = !entry.refusalLogged
            entry.refusalLogged = true
            return (false, firstRefusal)
        }
        if logRefusal {
            logger.warning("too many connections from \(address): it holds \(maximum), the most one address may (--max-connections-per-address); closing its new ones until some close")
        }
        return accepted
    }

    func close(_ address: String) {
        entries.withLock { entries in
            guard var entry = entries[address] else { return }
            entry.open -= 1
            if entry.open < maximum { entry.refusalLogged = false }
            entries[address] = entry.open == 0 ? nil : entry
        }
    }
}

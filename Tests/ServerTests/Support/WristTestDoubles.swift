import CadenceCore
import Foundation
import Synchronization

/// A clock set by hand to the instant a scheduler test is at (ms since 1970).
final class SetClock: WallClock {
    private let current: Mutex<Date>
    init(_ date: Date) { current = Mutex(date) }
    func now() -> Date { current.withLock { $0 } }
    func set(_ milliseconds: Int64) { current.withLock { $0 = Date(millisecondsSince1970: milliseconds) } }
}

/// Whether anyone in the account asked for cues on the wrist.
struct Listening: WristCueListeners {
    let on: Bool
    func wantsWristCues(accountID: UUID, from module: PushModule) async throws -> Bool { on }
}

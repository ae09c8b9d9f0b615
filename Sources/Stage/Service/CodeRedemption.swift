import CadenceCore
import Foundation

/// What entering an activation code did.
public enum CodeRedemption: Sendable, Equatable {
    /// The code is now (or already was) this account's; the file names it unlocks.
    case unlocked([String])
    case unknown
    case usedByAnotherAccount
}

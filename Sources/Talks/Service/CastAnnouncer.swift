import Foundation
import Talks

/// Tells the account's devices what is cast now (the web layer sends it on the live channel as `talk.cast`).
public protocol CastAnnouncer: Sendable {
    func announce(_ state: CastState, to accountID: UUID) async throws
}

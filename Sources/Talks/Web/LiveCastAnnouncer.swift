import CadenceCore
import Foundation
import Hummingbird
import TalksService
import Web

/// Sends the cast state to the account's devices as `talk.cast`, in the same JSON the API answers
/// `GET /api/v1/talks/cast` with, so watches and phones read one shape.
public struct LiveCastAnnouncer: CastAnnouncer {
    let live: any LiveAnnouncing

    public init(live: any LiveAnnouncing) { self.live = live }

    public func announce(_ state: CastState, to accountID: UUID) async throws {
        let data = String(decoding: try Response.jsonEncoder.encode(CastBody(state)), as: UTF8.self)
        _ = try await live.announce("talk.cast", data: data, to: accountID)
    }
}

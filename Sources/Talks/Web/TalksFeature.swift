import CadenceCore
import Foundation
import Hummingbird
import TalksService
import Web

/// Talks on the web: the API at `/api/v1/talks`, the phone's pages at `/phone/talks`, and the cast state sent to
/// the account's devices on the live channel.
public struct TalksFeature: Sendable {
    public static let resources = FeatureResources(bundle: .module)

    public let service: TalkService
    let clock: any WallClock

    public init(store: any TalkStore, live: any LiveAnnouncing, clock: any WallClock) {
        service = TalkService(store: store, announcer: LiveCastAnnouncer(live: live), clock: clock)
        self.clock = clock
    }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        routes.account.addRoutes(TalksAPI(talks: service, clock: clock).routes, atPath: "api/v1/talks")
        routes.signedInPages.addRoutes(TalkPages(talks: service, pages: pages, clock: clock).routes)
    }
}

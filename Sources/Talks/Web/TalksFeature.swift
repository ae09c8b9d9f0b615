import CadenceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TalksService
import Web

/// Talks on the web: the API at `/api/v1/talks`, the phone's pages at `/phone/talks`, and the cast state sent to
/// the account's devices on the live channel.
public struct TalksFeature: Sendable {
    public static let resources = FeatureResources(bundle: .module)

    public let service: TalkService
    /// Times a running talk's notifications for the wrist (issue 37).
    public let wristCues: WristCueScheduler
    let clock: any WallClock
    /// The account's watches, for what the talk page offers ("Cast to watch" waits for one).
    let devices: any PairedDevices

    /// `onlyInstance`: true with SQLite, where no other instance changes runs (the wrist scheduler need not poll).
    public init(store: any TalkStore, live: any LiveAnnouncing, wristCueListeners: any WristCueListeners, devices: any PairedDevices,
                clock: any WallClock, logger: Logger, onlyInstance: Bool = false) {
        wristCues = WristCueScheduler(store: store, sender: LiveWristCueSender(live: live), listeners: wristCueListeners, clock: clock,
                                      logger: logger, otherInstancesMayChangeRuns: !onlyInstance)
        service = TalkService(store: store, announcer: LiveCastAnnouncer(live: live), clock: clock, wristCues: wristCues)
        self.clock = clock
        self.devices = devices
    }

    public var jobs: [any Service] { [wristCues] }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        routes.account.addRoutes(TalksAPI(talks: service, clock: clock).routes, atPath: "api/v1/talks")
        routes.signedInPages.addRoutes(TalkPages(talks: service, devices: devices, pages: pages, clock: clock).routes)
    }
}

import CadenceCore
import Foundation
import Logging
import Spots
import Synchronization

/// The gazetteer in memory, loaded from the database on first search and again after five
/// minutes, so `cadence gazetteer load` reaches running servers. An empty one is not kept.
final class GazetteerCache: Sendable {
    private let loaded = Mutex<(gazetteer: Gazetteer, at: ContinuousClock.Instant)?>(nil)

    func gazetteer(load: () async throws -> [GazetteerPlace]) async throws -> Gazetteer {
        if let cached = loaded.withLock({ $0 }), ContinuousClock.now - cached.at < .seconds(300) { return cached.gazetteer }
        let gazetteer = Gazetteer(try await load())
        if gazetteer.count > 0 { loaded.withLock { $0 = (gazetteer, .now) } }
        return gazetteer
    }
}

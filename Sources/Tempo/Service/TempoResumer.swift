import Foundation
import Logging
import ServiceLifecycle

/// At start, queues again the work a stopped server left unfinished — song analyses and mix renders — then waits
/// for shutdown. On SQLite (one process) that is all of it; with PostgreSQL another instance may be working on some
/// right now, so only work silent for ten minutes is taken, and a song is claimed before it is analysed so two
/// instances starting together do not both take it (a mix render is idempotent: at worst one is done twice).
public struct TempoResumer: Service {
    public let library: TempoLibrary
    public let mixes: TempoMixes?
    /// True with SQLite: no other instance can be working on the same songs.
    public let onlyInstance: Bool
    public let logger: Logger

    public init(library: TempoLibrary, mixes: TempoMixes?, onlyInstance: Bool, logger: Logger) {
        self.library = library
        self.mixes = mixes
        self.onlyInstance = onlyInstance
        self.logger = logger
    }

    public func run() async throws {
        let now = library.clock.now()
        let cutoff = onlyInstance ? now : now.addingTimeInterval(-600)
        do {
            for (accountID, song) in try await library.store.unfinishedSongs(updatedBefore: cutoff)
            where try await library.store.claimUnfinishedSong(song.id, accountID: accountID, updatedBefore: cutoff, at: now) {
                library.analyseLater(song.id, accountID: accountID)
            }
        } catch {
            logger.warning("could not resume song analysis", metadata: ["error": "\(error)"])
        }
        do {
            try await mixes?.resumeUnfinished(updatedBefore: cutoff)
        } catch {
            logger.warning("could not resume mixes", metadata: ["error": "\(error)"])
        }
        try await gracefulShutdown()
    }
}

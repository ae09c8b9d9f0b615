import Foundation
import Logging
import ServiceLifecycle

/// At start, queues again the songs whose analysis a stopped server left unfinished,
/// then waits for shutdown. On SQLite (one process) that is every unfinished song; with
/// PostgreSQL another instance may be analysing some right now, so only songs silent for
/// ten minutes are taken (the work is idempotent: at worst a song is analysed twice).
public struct TempoAnalysisResumer: Service {
    public let library: TempoLibrary
    /// True with SQLite: no other instance can be working on the same songs.
    public let onlyInstance: Bool
    public let logger: Logger

    public init(library: TempoLibrary, onlyInstance: Bool, logger: Logger) {
        self.library = library
        self.onlyInstance = onlyInstance
        self.logger = logger
    }

    public func run() async throws {
        do {
            let now = library.clock.now()
            let cutoff = onlyInstance ? now : now.addingTimeInterval(-600)
            for (accountID, song) in try await library.store.unfinishedSongs(updatedBefore: cutoff) {
                library.analyseLater(song.id, accountID: accountID)
            }
        } catch {
            logger.warning("could not resume song analysis", metadata: ["error": "\(error)"])
        }
        try await gracefulShutdown()
    }
}

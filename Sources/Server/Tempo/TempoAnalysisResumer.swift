import Foundation
import Logging
import ServiceLifecycle
import Storage

/// At start, queues again the songs whose analysis a stopped server left unfinished,
/// then waits for shutdown. (With several instances each would queue them; the work is
/// idempotent, so at worst a song is analysed twice.)
struct TempoAnalysisResumer: Service {
    let library: TempoLibrary
    let logger: Logger

    func run() async throws {
        do {
            for (accountID, song) in try await library.store.unfinishedSongs() {
                library.analyseLater(song.id, accountID: accountID)
            }
        } catch {
            logger.warning("could not resume song analysis", metadata: ["error": "\(error)"])
        }
        try await gracefulShutdown()
    }
}

@preconcurrency import AsyncKit
import Logging
import NIOCore
import SQLiteKit
import SQLiteNIO

/// Opens SQLite connections set up for a server: WAL so readers never wait for the
/// writer, a busy timeout so concurrent writers queue instead of failing, and
/// foreign keys on (SQLite's default is off).
struct SQLiteTunedSource: ConnectionPoolSource {
    let base: SQLiteConnectionSource

    init(path: String) {
        base = SQLiteConnectionSource(configuration: .init(storage: .file(path: path), enableForeignKeys: true),
                                      threadPool: Self.threads)
    }

    /// SQLite's busy timeout waits inside a blocking call. On the shared pool (one thread per
    /// core) a few writers waiting for the lock could take every thread, so the writer holding
    /// the lock could never finish: a stall until the timeout. One thread per pooled connection
    /// (the pool keeps at most 4 per event loop) means a waiter blocks only itself.
    static let threads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4 * System.coreCount + 2)
        pool.start()
        return pool
    }()

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA busy_timeout = 10000", "PRAGMA synchronous = NORMAL"]
            return pragmas.reduce(eventLoop.makeSucceededVoidFuture()) { chain, pragma in
                chain.flatMap { connection.query(pragma).map { _ in } }
            }.map { connection }
        }
    }
}

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
        base = SQLiteConnectionSource(configuration: .init(storage: .file(path: path), enableForeignKeys: true))
    }

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA busy_timeout = 10000", "PRAGMA synchronous = NORMAL"]
            return pragmas.reduce(eventLoop.makeSucceededVoidFuture()) { chain, pragma in
                chain.flatMap { connection.query(pragma).map { _ in } }
            }.map { connection }
        }
    }
}

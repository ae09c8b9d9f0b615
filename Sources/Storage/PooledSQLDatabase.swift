@preconcurrency import AsyncKit
import Logging
import NIOCore
import SQLKit

/// An `SQLDatabase` that borrows a pooled connection for each query, and holds one
/// connection for a whole `withSession` (so a transaction stays on one connection).
/// One type for both engines: only how a connection becomes an `SQLDatabase` differs.
struct PooledSQLDatabase<Source: ConnectionPoolSource>: SQLDatabase, @unchecked Sendable
where Source.Connection: Sendable {
    let pool: EventLoopGroupConnectionPool<Source>
    let makeSQL: @Sendable (Source.Connection) -> any SQLDatabase
    let dialect: any SQLDialect
    let logger: Logger

    var eventLoop: any EventLoop { pool.eventLoopGroup.any() }
    var queryLogLevel: Logger.Level? { .trace }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        pool.withConnection(logger: logger) { connection in
            makeSQL(connection).execute(sql: query, onRow)
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let connection = try await pool.requestConnection(logger: logger).get()
        defer { pool.releaseConnection(connection, logger: logger) }
        return try await closure(makeSQL(connection))
    }
}

@preconcurrency import AsyncKit
import CadenceCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// A pool of connections to one database, and the engine it speaks. Repositories
/// take this and write SQL once through SQLKit for both engines.
public final class Database: Sendable {
    public let engine: DatabaseEngine
    public let sql: any SQLDatabase
    /// For PostgreSQL, how to open a connection of one's own (LISTEN needs one that stays put).
    let postgresConfiguration: PostgresConnection.Configuration?
    private let shutdownPool: @Sendable () async throws -> Void
    /// SQLite has one writer: this process's transactions queue here, without a time limit, instead of on the
    /// busy timeout, which under load could run out before the transaction ahead committed ("database is
    /// locked"). The busy timeout still covers other processes on the same file.
    private let sqliteWriters = AsyncSemaphore(permits: 1)

    private init(
        engine: DatabaseEngine, sql: any SQLDatabase, postgresConfiguration: PostgresConnection.Configuration? = nil,
        shutdown: @escaping @Sendable () async throws -> Void
    ) {
        self.engine = engine
        self.sql = sql
        self.postgresConfiguration = postgresConfiguration
        self.shutdownPool = shutdown
    }

    public static func open(
        _ location: DatabaseLocation,
        logger: Logger,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> Database {
        switch location {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let pool = EventLoopGroupConnectionPool(
                source: SQLiteTunedSource(path: path), maxConnectionsPerEventLoop: 4,
                pruneInterval: nil, logger: logger, on: eventLoopGroup)
            let sql = PooledSQLDatabase(pool: pool, makeSQL: { $0.sql() }, dialect: SQLiteDialect(), logger: logger)
            let database = Database(engine: .sqlite, sql: sql, shutdown: { try await pool.shutdownAsync() })
            try await database.check(describing: "SQLite file \(path)")
            return database
        case .postgres(let url):
            let configuration: SQLPostgresConfiguration
            do { configuration = try SQLPostgresConfiguration(url: url) } catch {
                throw DatabaseConfigurationError(description: "cannot read the PostgreSQL URL \(location.redacted): \(error)")
            }
            let pool = EventLoopGroupConnectionPool(
                source: PostgresConnectionSource(sqlConfiguration: configuration), maxConnectionsPerEventLoop: 6,
                pruneInterval: .seconds(60), logger: logger, on: eventLoopGroup)
            let sql = PooledSQLDatabase(pool: pool, makeSQL: { $0.sql() }, dialect: PostgresDialect(), logger: logger)
            let database = Database(engine: .postgres, sql: sql, postgresConfiguration: configuration.coreConfiguration,
                                    shutdown: { try await pool.shutdownAsync() })
            try await database.check(describing: "PostgreSQL at \(location.redacted)")
            return database
        }
    }

    /// Fails early with a message naming the database, instead of on the first request.
    private func check(describing what: String) async throws {
        do {
            try await sql.raw("SELECT 1").run()
        } catch {
            try? await shutdownPool()
            throw DatabaseConfigurationError(description: "cannot open \(what): \(String(reflecting: error))")
        }
    }

    public func shutdown() async throws {
        try await shutdownPool()
    }

    /// Runs `body` in one transaction on one connection: all of it lands or none of it.
    public func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        // IMMEDIATE takes SQLite's write lock up front, so writers of two processes queue on the busy timeout
        // instead of deadlocking when both try to upgrade a read lock; this process's queue on `sqliteWriters`.
        guard engine == .sqlite else { return try await transaction(beginning: "BEGIN", body) }
        return try await sqliteWriters.withPermit { try await transaction(beginning: "BEGIN IMMEDIATE", body) }
    }

    private func transaction<R: Sendable>(
        beginning begin: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await sql.withSession { session in
            try await session.raw(SQLQueryString(begin)).run()
            do {
                let result = try await body(session)
                try await session.raw("COMMIT").run()
                return result
            } catch {
                try? await session.raw("ROLLBACK").run()
                throw error
            }
        }
    }
}

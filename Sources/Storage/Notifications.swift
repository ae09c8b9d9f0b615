import Logging
import PostgresKit
import SQLKit

/// Messages between server instances that share a PostgreSQL database (P4), over
/// LISTEN/NOTIFY. Payloads stay small (ids); the data itself is read from tables.
extension Database {
    /// Whether other processes can be told about changes (only PostgreSQL can).
    public var notifiesOtherInstances: Bool { engine == .postgres }

    /// Queues a notification inside the caller's transaction; it is delivered only if that commits.
    public static func notify(_ channel: String, payload: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    /// Holds a connection of its own listening on `channel` and calls `onNotification`
    /// for each payload, until the connection fails (it then throws) or the task is cancelled.
    /// Returns at once for SQLite, which has only one process to tell.
    public func listen(
        _ channel: String, logger: Logger,
        onListening: @Sendable () -> Void = {},
        onNotification: @Sendable (String) async -> Void
    ) async throws {
        guard let configuration = postgresConfiguration else { return }
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                onListening()
                for try await notification in notifications {
                    await onNotification(notification.payload)
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }
}

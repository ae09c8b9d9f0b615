@preconcurrency import AsyncKit
import CadenceCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// Where the data lives: an embedded SQLite file (the default) or a PostgreSQL server.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    /// Reads `postgres://…`/`postgresql://…` as PostgreSQL, `sqlite:PATH` or a plain path as SQLite.
    public init(parsing text: String) throws {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite://") {
            self = .sqlite(path: String(text.dropFirst("sqlite://".count)))
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.contains("://") {
            throw DatabaseConfigurationError(description: "unsupported database URL \"\(text)\": use postgres://user:password@host:port/name or a SQLite file path")
        } else if text.isEmpty {
            throw DatabaseConfigurationError(description: "the database location is empty")
        } else {
            self = .sqlite(path: text)
        }
    }

    /// Passwords in a URL stay out of logs.
    public var redacted: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "postgres://…" }
            if components.password != nil { components.password = "***" }
            return components.string ?? "postgres://…"
        }
    }
}

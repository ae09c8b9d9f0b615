import Foundation
import Storage

/// Where an installation keeps its media (`--media`): the data directory (the default with SQLite: one host, or a
/// directory every host mounts) or the database (the default with PostgreSQL: every instance reads the same files).
public enum MediaBackend: String, CaseIterable, Sendable {
    case directory
    case database

    public static func standard(for engine: DatabaseEngine) -> MediaBackend {
        engine == .postgres ? .database : .directory
    }

    /// - Parameter cacheBytes: the database store's memory for the chunks it read last (the directory has the kernel's).
    public func store(database: Database, dataDirectory: URL, quota: MediaQuota? = nil, cacheBytes: Int = 0) -> any MediaStore {
        switch self {
        case .directory: LocalMediaStore(root: dataDirectory, quota: quota)
        case .database: DatabaseMediaStore(database: database, quota: quota, cacheBytes: cacheBytes)
        }
    }
}

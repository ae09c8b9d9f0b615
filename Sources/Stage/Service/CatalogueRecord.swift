import CadenceCore
import Foundation

/// A package the catalogue offers, as recorded when its file was last read whole.
public struct CatalogueRecord: Sendable, Equatable {
    public var fileName: String
    /// First 16 hex digits of `sha256`.
    public var id: String
    public var sha256: String
    public var bytes: Int64
    /// The file's modification time when it was read (ms), to notice a file changed in place.
    public var modifiedAt: Int64
    public var title: String
    public var languages: [String]
    public var passwordProtected: Bool
    public var free: Bool

    public init(fileName: String, id: String, sha256: String, bytes: Int64, modifiedAt: Int64, title: String,
                languages: [String], passwordProtected: Bool, free: Bool) {
        self.fileName = fileName
        self.id = id
        self.sha256 = sha256
        self.bytes = bytes
        self.modifiedAt = modifiedAt
        self.title = title
        self.languages = languages
        self.passwordProtected = passwordProtected
        self.free = free
    }
}

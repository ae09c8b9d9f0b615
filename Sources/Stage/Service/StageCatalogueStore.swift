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

/// What entering an activation code did.
public enum CodeRedemption: Sendable, Equatable {
    /// The code is now (or already was) this account's; the file names it unlocks.
    case unlocked([String])
    case unknown
    case usedByAnotherAccount
}

/// The catalogue's records, codes and installs. Codes are given as SHA-256 hex of the normalised code.
public protocol StageCatalogueStore: Sendable {
    func records() async throws -> [CatalogueRecord]
    /// Inserts or refreshes a file's record; `free` is only ever turned on here (never off).
    func saveRecord(_ record: CatalogueRecord, at: Date) async throws
    /// Adds codes (those already known keep their owner) and links each to the file.
    func addCodes(_ codeHashes: [String], fileName: String, at: Date) async throws
    /// Codes linked to each file: (total, entered by an account).
    func codeCounts() async throws -> [String: (codes: Int, redeemed: Int)]
    func redeem(codeHash: String, accountID: UUID, at: Date) async throws -> CodeRedemption
    /// File names the account has unlocked with its codes (free ones are not listed).
    func unlockedFileNames(accountID: UUID) async throws -> Set<String>
    func recordInstall(entryID: String, seriesID: UUID, accountID: UUID, at: Date) async throws
    /// Catalogue entry ids the account has a series installed from (and still has).
    func installedEntryIDs(accountID: UUID) async throws -> Set<String>
}

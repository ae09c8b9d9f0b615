import CadenceCore
import Foundation

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

import CadenceCore
import DeckImport
import Foundation
import StagePackage

// The package and deck-import libraries do not depend on CadenceCore (they could ship alone), so their messages'
// catalogue keys are put together here, where Stage's use cases pass those errors on as refusals.

extension PackageError {
    /// `message` in the catalogue: `stage.error.package.<case>`, with the same values `message` shows.
    public var localized: MessageKey {
        switch self {
        case .notAZip: MessageKey("stage.error.package.not_a_zip")
        case .notACadencePackage: MessageKey("stage.error.package.not_a_cadence_package")
        case .unsupportedVersion(let version): MessageKey("stage.error.package.unsupported_version", ["version": String(version)])
        case .truncated: MessageKey("stage.error.package.truncated")
        case .damaged(let detail): MessageKey("stage.error.package.damaged", ["detail": detail])
        case .malformedManifest(let detail): MessageKey("stage.error.package.malformed_manifest", ["detail": detail])
        case .missingEntry(let path): MessageKey("stage.error.package.missing_entry", ["path": Self.displayPath(path)])
        case .unlistedEntry(let path): MessageKey("stage.error.package.unlisted_entry", ["path": Self.displayPath(path)])
        case .duplicateEntry(let path): MessageKey("stage.error.package.duplicate_entry", ["path": Self.displayPath(path)])
        case .unsafePath(let path): MessageKey("stage.error.package.unsafe_path", ["path": path])
        case .symlink(let path): MessageKey("stage.error.package.symlink", ["path": path])
        case .checksumMismatch(let path): MessageKey("stage.error.package.checksum_mismatch", ["path": Self.displayPath(path)])
        case .passwordRequired: MessageKey("stage.error.package.password_required")
        case .wrongPassword: MessageKey("stage.error.package.wrong_password")
        case .unsupportedEncryption(let detail): MessageKey("stage.error.package.unsupported_encryption", ["detail": detail])
        case .tooManyEntries(let count, let limit):
            MessageKey("stage.error.package.too_many_entries", ["count": String(count), "limit": String(limit)])
        case .tooLarge(let limit): MessageKey("stage.error.package.too_large", ["limit": String(limit / (1 << 20))])
        case .compressionRatio(let path, let limit):
            MessageKey("stage.error.package.compression_ratio", ["path": Self.displayPath(path), "limit": String(Int(limit))])
        case .stagingDirectoryExists(let path): MessageKey("stage.error.package.staging_directory_exists", ["path": path])
        case .invalidInput(let detail): MessageKey("stage.error.package.invalid_input", ["detail": detail])
        case .sourceChanged(let name): MessageKey("stage.error.package.source_changed", ["name": name])
        case .io(let detail): MessageKey("stage.error.package.io", ["detail": detail])
        }
    }
}

extension DeckImportError {
    /// `message` in the catalogue (`stage.error.import.…`), when the code that failed gave it a key; nil for the
    /// messages still only in English (tool output and the readers' detailed refusals).
    public var localized: MessageKey? { key.map { MessageKey($0, arguments) } }
}

import Foundation

/// Every way reading or writing a package can fail. `message` is written for the person installing
/// the package: it says what is wrong and, where it helps, what to do.
public enum PackageError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case notAZip
    case notACadencePackage
    case unsupportedVersion(Int)
    /// The ZIP's end (central directory) is missing: typically a partial download.
    case truncated
    /// The archive is a ZIP but its structure is damaged in some other way.
    case damaged(String)
    case malformedManifest(String)
    case missingEntry(String)
    case unlistedEntry(String)
    case duplicateEntry(String)
    case unsafePath(String)
    case symlink(String)
    /// Size, SHA-256, CRC or GCM tag of an entry does not match: the bytes changed after packaging.
    case checksumMismatch(String)
    case passwordRequired
    case wrongPassword
    case unsupportedEncryption(String)
    case tooManyEntries(count: Int, limit: Int)
    case tooLarge(limit: Int64)
    case compressionRatio(path: String, limit: Double)
    case stagingDirectoryExists(String)
    case invalidInput(String)
    /// A media source changed between hashing and writing during export.
    case sourceChanged(String)
    case io(String)

    public var message: String {
        switch self {
        case .notAZip:
            return "This file is not a Cadence package (it is not a ZIP archive)."
        case .notACadencePackage:
            return "This ZIP is not a Cadence package (it has no Cadence manifest)."
        case .unsupportedVersion(let version):
            return "This package uses format version \(version), which this version of Cadence cannot read; update Cadence and try again."
        case .truncated:
            return "The package is incomplete (its end is missing), probably from an interrupted download; download it again."
        case .damaged(let detail):
            return "The package is damaged (\(detail)); download it again."
        case .malformedManifest(let detail):
            return "The package's manifest is damaged (\(detail)); download it again."
        case .missingEntry(let path):
            return "The package is incomplete: \(PackagePath.display(path)) is listed in the manifest but missing."
        case .unlistedEntry(let path):
            return "The package was changed after it was made (it contains \(PackagePath.display(path)), which its manifest does not list)."
        case .duplicateEntry(let path):
            return "The package is damaged: \(PackagePath.display(path)) appears more than once."
        case .unsafePath(let path):
            return "The package was refused: the entry “\(path)” points outside the package folder."
        case .symlink(let path):
            return "The package was refused: the entry “\(path)” is a symbolic link."
        case .checksumMismatch(let path):
            return "The package was changed after it was made (\(PackagePath.display(path)) fails its checksum); download it again."
        case .passwordRequired:
            return "This package is password-protected; enter its password."
        case .wrongPassword:
            return "The password is wrong."
        case .unsupportedEncryption(let detail):
            return "This package is protected in a way this version of Cadence cannot open (\(detail))."
        case .tooManyEntries(let count, let limit):
            return "The package has \(count) files; at most \(limit) are accepted."
        case .tooLarge(let limit):
            return "The package unpacks to more than \(limit / (1 << 20)) MiB and was refused."
        case .compressionRatio(let path, let limit):
            return "The package was refused: \(PackagePath.display(path)) is compressed more than \(Int(limit))× (a possible ZIP bomb)."
        case .stagingDirectoryExists(let path):
            return "The folder \(path) already exists; packages are only unpacked into a new folder."
        case .invalidInput(let detail):
            return "The package could not be made: \(detail)."
        case .sourceChanged(let name):
            return "The package could not be made: the file \(name) changed while it was being packaged; try again."
        case .io(let detail):
            return "The package could not be read or written (\(detail)); check disk space and permissions."
        }
    }

    /// An entry's path as `message` shows it (`media/ab12….jpg`), for callers that say the message themselves.
    public static func displayPath(_ path: String) -> String { PackagePath.display(path) }

    public var description: String { message }
    public var errorDescription: String? { message }
}

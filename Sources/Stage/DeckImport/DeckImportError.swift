import Foundation

/// Every failure of an import. `message` is shown to the user as-is, so it says what is wrong
/// and what to do about it; `kind` lets the caller map to an HTTP status or a retry policy.
public struct DeckImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case unsupportedFormat, encrypted, empty, pathTraversal, tooLarge, malformedXML, externalEntity,
             undecodableImage, corrupt, toolMissing, toolFailed, cancelled
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }

    static let unsupported = DeckImportError(
        .unsupportedFormat, "Import a ZIP of PNG/JPEG pictures, a PDF, or a PowerPoint .pptx file.")
    static let cancelled = DeckImportError(.cancelled, "The import was cancelled.")

    static func toolMissing(_ tool: String, package: String) -> DeckImportError {
        DeckImportError(.toolMissing, "\(tool) is not installed on the server; install the Debian package \(package) and import again.")
    }
}

/// Runs `body`, turning Swift's CancellationError into our `.cancelled` kind so callers see one error type.
func mappingCancellation<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch is CancellationError {
        throw DeckImportError.cancelled
    }
}

func checkCancelled() throws {
    if Task.isCancelled { throw DeckImportError.cancelled }
}

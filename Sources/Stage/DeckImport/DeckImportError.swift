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
    /// The message's catalogue key (`stage.error.import.…`) and its `{name}` values, when it has one, so the
    /// web layer can say it in the person's language (this library does not depend on the catalogue itself).
    public var key: String?
    public var arguments: [String: String]

    public init(_ kind: Kind, _ message: String, key: String? = nil, _ arguments: [String: String] = [:]) {
        self.kind = kind
        self.message = message
        self.key = key
        self.arguments = arguments
    }

    public var description: String { "\(kind.rawValue): \(message)" }

    /// The same failure whether or not its words have a catalogue key.
    public static func == (lhs: DeckImportError, rhs: DeckImportError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    static let unsupported = DeckImportError(
        .unsupportedFormat, "Import a ZIP of PNG/JPEG pictures, a PDF, or a PowerPoint .pptx file.", key: "stage.error.import.unsupported_format")
    static let cancelled = DeckImportError(.cancelled, "The import was cancelled.", key: "stage.error.import.cancelled")

    static func toolMissing(_ tool: String, package: String) -> DeckImportError {
        DeckImportError(.toolMissing, "\(tool) is not installed on the server; install the Debian package \(package) and import again.",
                        key: "stage.error.import.tool_missing", ["tool": tool, "package": package])
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

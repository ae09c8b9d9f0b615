import Crypto
import Foundation

/// One media file handed to the writer: a name the caller's content JSON uses for it, and where
/// its bytes come from. Files are streamed, never loaded whole.
public struct PackageMedia: Sendable {
    public enum Source: Sendable {
        case file(URL)
        case data(Data)
    }

    public var name: String
    public var source: Source

    public init(name: String, fileURL: URL) {
        self.name = name
        self.source = .file(fileURL)
    }

    public init(name: String, data: Data) {
        self.name = name
        self.source = .data(data)
    }
}

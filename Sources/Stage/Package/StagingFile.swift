import Foundation
import ZIPFoundation

/// Writing one verified entry into the staging folder.
enum StagingFile {
    /// The file's place in the staging folder; refuses anything that would land outside it even
    /// though paths were validated already (defence in depth: this is where a traversal would hurt).
    static func url(for path: String, in staging: URL) throws -> URL {
        try PackagePath.validate(path)
        let url = staging.appendingPathComponent(path).standardizedFileURL
        guard url.path.hasPrefix(staging.path + "/") else { throw PackageError.unsafePath(path) }
        return url
    }

    static func write(to url: URL, body: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        let files = FileManager.default
        do {
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw PackageError.io("cannot create \(url.deletingLastPathComponent().path)")
        }
        guard files.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw PackageError.io("cannot write \(url.lastPathComponent)")
        }
        defer { try? handle.close() }
        try body { data in
            do { try handle.write(contentsOf: data) } catch {
                throw PackageError.io("cannot write \(url.lastPathComponent)")
            }
        }
    }
}

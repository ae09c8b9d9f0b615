import Foundation
import SafeZip

/// Rules for paths inside a package. Entries are written into a staging folder by path, so a path
/// must never be able to leave that folder, on any file system the package might be unpacked on.
enum PackagePath {
    /// Refuses absolute paths, drive letters, backslashes, `..`/`.`/empty components, NUL, and any
    /// character outside a small portable set (which also rules out Unicode look-alikes).
    static func validate(_ path: String) throws {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/")
        guard !path.isEmpty, path.utf8.count <= 255,
              path.unicodeScalars.allSatisfy(allowed.contains),
              !path.hasPrefix("/") else { throw PackageError.unsafePath(path) }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." { throw PackageError.unsafePath(path) }
        }
    }

    /// Same checks as `validate`, for names read straight from the ZIP (which may hold anything).
    static func validateArchiveName(_ name: String) throws {
        guard ZipEntryName.isSafe(name) else { throw PackageError.unsafePath(name) }
        try validate(name)
    }

    /// `media/<sha256>.<ext>`: content-addressed so identical files are stored once and a name
    /// cannot collide or carry meaning.
    static func media(sha256: String, name: String) -> String {
        "media/\(sha256).\(fileExtension(of: name))"
    }

    /// The caller's extension, lowercased and reduced to letters and digits; `bin` when none survives.
    static func fileExtension(of name: String) -> String {
        let raw = (name as NSString).pathExtension.lowercased()
        let cleaned = String(raw.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
        return cleaned.isEmpty || cleaned.count > 10 ? "bin" : cleaned
    }

    /// Shortens `media/<64 hex>.jpg` to `media/ab12….jpg` for messages.
    static func display(_ path: String) -> String {
        guard path.hasPrefix("media/") else { return path }
        let file = String(path.dropFirst("media/".count))
        let stem = (file as NSString).deletingPathExtension
        let ext = (file as NSString).pathExtension
        guard stem.count > 12 else { return path }
        return "media/\(stem.prefix(4))…" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Media that is already compressed gains nothing from deflate, so it is stored as is.
    static func isPrecompressed(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ["jpg", "jpeg", "png", "gif", "webp", "heic", "avif", "mp4", "m4v", "mov", "webm",
                "mp3", "m4a", "aac", "ogg", "opus", "flac", "zip", "gz", "pdf"].contains(ext)
    }
}

import Foundation

/// Entry names that could leave a folder if anyone extracted by name, on any file system.
public enum ZipEntryName {
    /// False for backslashes, NUL, absolute paths, drive letters (`C:`) and `..` components.
    public static func isSafe(_ name: String) -> Bool {
        if name.contains("\\") || name.hasPrefix("/") || name.contains("\0") { return false }
        let scalars = Array(name.unicodeScalars)
        if scalars.count >= 2, scalars[1] == ":", CharacterSet.letters.contains(scalars[0]) { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}

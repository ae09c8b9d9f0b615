import Foundation
import Stage

/// The fonts handouts embed (`HandoutFontFiles`: DejaVu Sans, the Noto fonts for each script,
/// Noto Sans CJK, Symbola, Droid Sans Fallback), read once from the system's font directories.
/// Without DejaVu the handout falls back to Helvetica (Windows-1252 only; other characters print as "[U+…]").
public enum SystemHandoutFonts {
    /// Loaded on first use (the first handout) and kept: the files never change while serving.
    public static let shared: HandoutFonts? = load()

    public static func load() -> HandoutFonts? {
        HandoutFonts.installed { FileManager.default.contents(atPath: $0) }
    }
}

import Foundation
import Stage

/// The fonts handouts embed, read once from the system's font directories: DejaVu Sans in its
/// four faces (Debian fonts-dejavu-core) and, for CJK, Droid Sans Fallback (fonts-droid-fallback),
/// whose TrueType outlines the writer can subset. Noto Sans CJK (fonts-noto-cjk) has CFF
/// outlines, which the writer does not embed, so it is not listed. Without DejaVu the handout
/// falls back to Helvetica (Windows-1252 only; other characters print as "[U+…]").
public enum SystemHandoutFonts {
    public static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    public static let faces = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]
    public static let fallbacks = ["/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"]

    /// Loaded on first use and kept: the files are a few megabytes and never change while serving.
    public static let shared: HandoutFonts? = load()

    /// nil when a DejaVu face is missing or unreadable.
    public static func load(directory: String = dejaVu, fallbackPaths: [String] = fallbacks) -> HandoutFonts? {
        let sources = faces.compactMap { FileManager.default.contents(atPath: directory + $0) }.map { HandoutFonts.Source(data: $0) }
        guard sources.count == 4 else { return nil }
        let extra = fallbackPaths.compactMap { FileManager.default.contents(atPath: $0) }.map { HandoutFonts.Source(data: $0) }
        return try? HandoutFonts(regular: sources[0], bold: sources[1], italic: sources[2], boldItalic: sources[3], fallbacks: extra)
    }
}

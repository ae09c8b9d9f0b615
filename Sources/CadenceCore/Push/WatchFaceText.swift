import Foundation

/// Text cut to what a watch face shows of a mirrored notification (two or three short lines): whole words where it
/// can, an ellipsis where it cut, the first line only.
public enum WatchFaceText {
    /// About what Apple Watch, Wear OS and Garmin show of a notification's body before the person scrolls.
    public static let bodyLength = 60

    public static func shortened(_ text: String, to maximum: Int = bodyLength) -> String {
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let cutAtLine = firstLine.count < text.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard firstLine.count > maximum || cutAtLine else { return firstLine }
        var kept = String(firstLine.prefix(maximum - 1))
        if firstLine.count > maximum, let space = kept.lastIndex(where: \.isWhitespace), kept.distance(from: kept.startIndex, to: space) > maximum / 2 {
            kept = String(kept[..<space])
        }
        return kept.trimmingCharacters(in: .whitespaces) + "…"
    }
}

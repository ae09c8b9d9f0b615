/// Where a line may break inside a run of text without spaces: Chinese and Japanese are
/// written without spaces between words, so a line may end after any ideograph or kana; but a
/// line never starts with closing punctuation ("，", "。", "）") and never ends with an opening
/// bracket ("（", "「") — the basic rule of Japanese kinsoku and of Chinese typesetting.
/// Korean separates words with spaces, so Hangul breaks there as Latin does.
enum LineBreaks {
    static func allowed(between before: ShapedGlyph, and after: ShapedGlyph) -> Bool {
        guard let left = before.text.unicodeScalars.last, let right = after.text.unicodeScalars.first else { return false }
        guard isIdeographic(left) || isIdeographic(right) || isFullWidthPunctuation(left) else { return false }
        return !closing.contains(right) && !opening.contains(left) && !isIdeographicProlonged(right)
    }

    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
        default: false
        }
    }

    /// "，" "。" "「" and the like: CJK punctuation, after which a line may break like after an ideograph.
    private static func isFullWidthPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFF65).contains(scalar.value)
    }

    /// The long-vowel mark and small kana continue the syllable before them.
    private static func isIdeographicProlonged(_ scalar: Unicode.Scalar) -> Bool {
        "ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々".unicodeScalars.contains(scalar)
    }

    private static let closing = Set("、。，．：；！？）」』】〕〉》〙〗｝］・…‥,.:;!?)]}".unicodeScalars)
    private static let opening = Set("（「『【〔〈《〘〖｛［([{".unicodeScalars)
}

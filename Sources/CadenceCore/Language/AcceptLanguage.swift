import Foundation

/// The best language for an `Accept-Language` header (RFC 9110 §12.5.4): tags in order of their q-values, the first
/// one with a catalogue wins ("es-MX" is Spanish); nil when none has one, so the caller falls back to English.
public enum AcceptLanguage {
    public static func best(_ header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        var ranked: [(tag: String, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0 { ranked.append((tag, quality, order)) }
        }
        ranked.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return ranked.lazy.compactMap { Language(code: $0.tag) }.first
    }
}


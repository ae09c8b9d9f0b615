import Foundation

/// Which plural form a language uses for a count: CLDR's cardinal rules (Unicode TR35, "Language Plural Rules"),
/// read from their own syntax, for whole numbers (the counts messages carry). So a catalogue in a language with more
/// forms than English's two — Russian's one/few/many, Arabic's six — needs only its `key.few`, `key.many`… entries and
/// its rules here, in CLDR's words. Pages do the same with `Intl.PluralRules` (i18n.js).
public struct PluralRules: Sendable {
    /// The rules by language (CLDR 41 `plurals.xml`, cardinal, the conditions only; `other` is what is left, and a
    /// language with an empty list has only `other`). A language not listed follows English.
    static let cldr: [String: [(category: String, condition: String)]] = [
        "en": [("one", "i = 1 and v = 0")],
        "es": [("one", "n = 1"), ("many", "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5")],
        "de": [("one", "i = 1 and v = 0")],
        "fr": [("one", "i = 0,1"), ("many", "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5")],
        "pt": [("one", "i = 0..1"), ("many", "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5")],
        "it": [("one", "i = 1 and v = 0"), ("many", "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5")],
        "ru": [("one", "v = 0 and i % 10 = 1 and i % 100 != 11"),
               ("few", "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"),
               ("many", "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14")],
        "pl": [("one", "i = 1 and v = 0"),
               ("few", "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"),
               ("many", "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14")],
        "ar": [("zero", "n = 0"), ("one", "n = 1"), ("two", "n = 2"), ("few", "n % 100 = 3..10"), ("many", "n % 100 = 11..99")],
        "he": [("one", "i = 1 and v = 0"), ("two", "i = 2 and v = 0")],
        "hi": [("one", "i = 0 or n = 1")],
        "ja": [], "zh": [], "ko": [], "th": [],
    ]

    private let rules: [(category: String, condition: String)]

    /// The rules for a BCP 47 tag ("es", "pt-BR": its language part); English's for a language not listed (the
    /// pseudo language `qps` among them).
    public init(languageCode: String) {
        let language = languageCode.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        rules = Self.cldr[language] ?? Self.cldr["en"]!
    }

    /// The category of a whole number (`count` ≥ 0; its sign is ignored, as CLDR's operands are absolute).
    public func category(_ count: Int) -> String {
        let n = count.magnitude
        for rule in rules where Self.holds(rule.condition, n: n) { return rule.category }
        return "other"
    }

    /// A condition (`or` of `and` of relations) for a whole number: `n` and `i` are the number, `v`, `w`, `f`, `t`
    /// and `e` (digits after the point, exponent) are 0. A relation is `operand [% m] (= | !=) range-list`.
    static func holds(_ condition: String, n: UInt) -> Bool {
        condition.components(separatedBy: " or ").contains { conjunction in
            conjunction.components(separatedBy: " and ").allSatisfy { relation(String($0), n: n) }
        }
    }

    private static func relation(_ text: String, n: UInt) -> Bool {
        let negated = text.contains("!=")
        let sides = text.components(separatedBy: negated ? "!=" : "=")
        guard sides.count == 2 else { return false }
        let expression = sides[0].split(separator: "%").map { $0.trimmingCharacters(in: .whitespaces) }
        var value: UInt = ["n", "i"].contains(expression[0]) ? n : 0
        if expression.count == 2, let modulus = UInt(expression[1]), modulus > 0 { value %= modulus }
        let inList = sides[1].split(separator: ",").contains { item in
            let bounds = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "..").compactMap { UInt($0) }
            return bounds.count == 2 ? (bounds[0]...bounds[1]).contains(value) : bounds.first == value
        }
        return negated ? !inList : inList
    }
}


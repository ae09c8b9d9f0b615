import CadenceCore
import Testing

/// CLDR's cardinal plural rules for whole numbers, checked against the examples CLDR lists for each form
/// (plurals.xml, `@integer`), so a third language with more forms than English's needs only its catalogue.
@Suite(.timeLimit(.minutes(5))) struct PluralRulesTests {
    @Test(arguments: [
        ("en", [1: "one", 0: "other", 2: "other", 11: "other", 101: "other"]),
        ("es", [1: "one", 0: "other", 2: "other", 1_000_000: "many", 2_000_000: "many", 1_000_001: "other"]),
        ("fr", [0: "one", 1: "one", 2: "other", 1_000_000: "many"]),
        ("ru", [1: "one", 21: "one", 101: "one", 2: "few", 4: "few", 22: "few", 5: "many", 11: "many", 12: "many", 14: "many",
                20: "many", 100: "many", 111: "many"]),
        ("pl", [1: "one", 2: "few", 24: "few", 0: "many", 5: "many", 12: "many", 21: "many", 22: "few", 112: "many"]),
        ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 103: "few", 11: "many", 99: "many", 111: "many",
                100: "other", 102: "other"]),
        ("he", [1: "one", 2: "two", 3: "other", 20: "other"]),
        ("ja", [0: "other", 1: "other", 5: "other"]),
    ])
    func eachExampleTakesItsForm(language: String, examples: [Int: String]) {
        let rules = PluralRules(languageCode: language)
        for (count, form) in examples.sorted(by: { $0.key < $1.key }) {
            #expect(rules.category(count) == form, "\(language) \(count)")
        }
    }

    @Test func aRegionalTagUsesItsLanguageAndAnUnknownOneEnglish() {
        #expect(PluralRules(languageCode: "pt-BR").category(1) == "one")
        #expect(PluralRules(languageCode: "ru_RU").category(3) == "few")
        #expect(PluralRules(languageCode: "xx").category(1) == "one")
    }

    @Test func aMessageTakesTheFormTheCatalogueHasAndOtherWhenItHasNot() {
        let english = ["cues.one": "{count} cue", "cues.other": "{count} cues"]
        let spanish = Messages(language: .spanish, entries: ["cues.one": "{count} pista", "cues.other": "{count} pistas",
                                                           "songs.other": "{count} canciones"], english: english)
        #expect(spanish.plural("cues", count: 1) == "1 pista")
        // CLDR's "many" for a million in Spanish: this catalogue has no such form, so "other" says it.
        #expect(spanish.plural("cues", count: 1_000_000) == "\(LocaleFormat(language: .spanish).integer(1_000_000)) pistas")
        // A key with only "other" (a language without a "one") is a plural message too.
        #expect(spanish.has(MessageKey("songs", ["count": "3"])))
        #expect(spanish(MessageKey("songs", ["count": "1"])) == "1 canciones")
    }
}

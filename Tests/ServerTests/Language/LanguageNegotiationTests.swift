import CadenceCore
import Foundation
import Testing
import Web

@Suite(.timeLimit(.minutes(5))) struct LanguageNegotiationTests {
    @Test(arguments: [
        ("es-ES,es;q=0.9,en;q=0.8", "es"),
        ("es-MX", "es"),
        ("en-US,en;q=0.9", "en"),
        ("fr-FR,fr;q=0.9,es;q=0.5", "es"),  // no French: the next the person reads
        ("de;q=0.9, en;q=0.2, es;q=0.8", "es"),  // order is by quality, not position
        ("ES", "es"),
        ("qps", "qps"),
    ])
    func theBestLanguageTheBrowserAsksFor(_ header: String, _ expected: String) {
        #expect(AcceptLanguage.best(header)?.code == expected)
    }

    @Test(arguments: ["", "fr", "*", "es;q=0", "xx-yy;q=1, ;;;, q=", String(repeating: "a,", count: 5000)])
    func nothingUsableFallsBackToEnglish(_ header: String) {
        #expect(AcceptLanguage.best(header) == nil)
    }

    @Test func aMessageFillsItsPlaceholdersAndCountsItsPlurals() {
        let english = ["a.greet": "Hello {name}, {name}!", "a.songs.one": "{count} song", "a.songs.other": "{count} songs"]
        let spanish = ["a.greet": "¡Hola {name}!", "a.songs.one": "{count} canción", "a.songs.other": "{count} canciones"]
        let es = Messages(language: .spanish, entries: spanish, english: english)
        #expect(es("a.greet", ["name": "Ana"]) == "¡Hola Ana!")
        #expect(es.plural("a.songs", count: 1) == "1 canción")
        #expect(es.plural("a.songs", count: 12000) == "12.000 canciones")  // (Spanish groups from five digits)
        let en = Messages.englishOnly(english)
        #expect(en("a.greet", ["name": "Bo"]) == "Hello Bo, Bo!")
        #expect(en.plural("a.songs", count: 1200) == "1,200 songs")
        #expect(en("a.missing") == "⟦?a.missing⟧")
        let pseudo = Messages(language: .pseudo, entries: english, english: english)
        #expect(pseudo("a.greet", ["name": "Bo"]) == "⟦Hello Bo, Bo!⟧")
    }

    @Test func aLanguageWithoutAKeyFallsBackToEnglishForThatKey() {
        let es = Messages(language: .spanish, entries: [:], english: ["a.b": "Only in English"])
        #expect(es("a.b") == "Only in English")
    }

    @Test func datesAndNumbersFollowTheLanguage() {
        let moment = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        let es = LocaleFormat(language: .spanish)
        let en = LocaleFormat(language: .english)
        #expect(es.time(moment, zone: madrid) == "09:00")
        #expect(es.decimal(12.5) == "12,5")
        #expect(en.decimal(12.5) == "12.5")
        #expect(es.integer(12000) == "12.000")
        #expect(es.date(moment, zone: madrid).contains("ene"))
        #expect(en.date(moment, zone: madrid).contains("Jan"))
        #expect(es.duration(seconds: 3723) == "1:02:03")
    }

    @Test func unitsConvertForReadingOnly() {
        #expect(abs(UnitSystem.imperial.distance(metres: 10_000) - 6.2137) < 0.001)
        #expect(UnitSystem.metric.distance(metres: 10_000) == 10)
        #expect(abs(UnitSystem.imperial.weight(kilograms: 70) - 154.32) < 0.01)
    }

    @Test func theShippedCataloguesLoadForEveryLanguage() {
        for language in Language.all {
            #expect(Catalogues.bundled.messages(language).language == language)
        }
        #expect(Catalogues.bundled.messages(.spanish)("layout.sign_out") == "Cerrar sesión")
        #expect(Catalogues.bundled.messages(.pseudo)("layout.sign_out") == "⟦Sign out⟧")
    }
}

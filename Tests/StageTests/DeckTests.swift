import CadenceCore
import Foundation
import Testing
@testable import Stage

@Suite(.timeLimit(.minutes(5))) struct DeckTests {
    func talk(_ slides: [Slide], hidden: Set<Int> = [], appeal: AppealChoice = AppealChoice()) throws -> StageTalk {
        try StageTalk(seriesID: UUID(), title: "T",
                      arrangement: slides.enumerated().map { SlidePlacement(slideID: $1.id, hidden: hidden.contains($0)) },
                      appeal: appeal)
    }

    @Test func hiddenSlidesAreLeftOutAndNumbersCountOnlyShownSlides() throws {
        let slides = try (0..<4).map { try Slide(notes: Localized(["en": "notes \($0)"])) }
        let deck = Deck(talk: try talk(slides, hidden: [1]), slides: Dictionary(uniqueKeysWithValues: slides.map { ($0.id, $0) }),
                        languages: Deck.Languages(slide: "en", notes: "en"))
        #expect(deck.entries.map(\.notes) == ["notes 0", "notes 2", "notes 3"])
        #expect(deck.entries.map(\.number) == [1, 2, 3])
    }

    @Test func notesLanguageIsChosenIndependentlyOfTheSlideLanguage() throws {
        let en = UUID(), es = UUID()
        let slide = try Slide(media: Localized(["en": en, "es": es]), notes: Localized(["en": "Hello", "es": "Hola"]),
                              overlays: [try Overlay(text: Localized(["en": "Hope", "es": "Esperanza"]), x: 0, y: 0, width: 1, height: 0.2)])
        let deck = Deck(talk: try talk([slide]), slides: [slide.id: slide], languages: Deck.Languages(slide: "es", notes: "en"))
        #expect(deck.entries[0].mediaID == es)
        #expect(deck.entries[0].notes == "Hello")
        #expect(deck.entries[0].overlays.map(\.text) == ["Esperanza"])
    }

    @Test func appealChoiceSwapsTheSlidesUsed() throws {
        let common = try Slide(notes: Localized(["en": "talk"]))
        let vocalA = try Slide(notes: Localized(["en": "vocal A"]), appeal: AppealTag(kind: .vocal, song: "A"))
        let vocalB = try Slide(notes: Localized(["en": "vocal B"]), appeal: AppealTag(kind: .vocal, song: "B"))
        let text = try Slide(notes: Localized(["en": "text"]), appeal: AppealTag(kind: .text))
        let all = [common, vocalA, vocalB, text]
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        func notes(_ choice: AppealChoice) throws -> [String] {
            Deck(talk: try talk(all, appeal: choice), slides: byID, languages: Deck.Languages(slide: "en", notes: "en")).entries.map(\.notes)
        }
        #expect(try notes(AppealChoice(kind: .vocal, song: "B")) == ["talk", "vocal B"])
        #expect(try notes(AppealChoice(kind: .text)) == ["talk", "text"])
        #expect(try notes(AppealChoice(kind: .instrumental)) == ["talk"])
        #expect(Deck.songs(in: all) == ["A", "B"])
    }

    @Test func rearrangingMustKeepEverySlide() throws {
        let slides = try (0..<3).map { _ in try Slide() }
        var stageTalk = try talk(slides)
        let reversed = slides.reversed().map { SlidePlacement(slideID: $0.id, hidden: true) }
        try stageTalk.rearrange(reversed)
        #expect(stageTalk.arrangement == reversed)
        let original = stageTalk
        #expect(throws: ValidationError.self) { var copy = original; try copy.rearrange(Array(reversed.dropLast())) }
        #expect(throws: ValidationError.self) { var copy = original; try copy.rearrange(reversed + [reversed[0]]) }
    }

    @Test func seriesLanguagesAreCheckedAndChosenFromTheSeries() throws {
        var series = try Series(title: "S", slideLanguages: ["en", "es"], notesLanguages: ["en", "pt-BR"])
        try series.choose(slideLanguage: "es", notesLanguage: "pt-BR")
        #expect(series.slideLanguage == "es" && series.notesLanguage == "pt-BR")
        #expect(throws: ValidationError(field: "notesLanguage", "This series has notes in en, pt-BR, not fr.")) {
            var copy = series
            try copy.choose(slideLanguage: "en", notesLanguage: "fr")
        }
        #expect(throws: ValidationError.self) { try Series(title: "S", slideLanguages: ["english!"]) }
    }

    @Test func overlaysMustLieInsideTheSlide() {
        #expect(throws: ValidationError.self) { try Overlay(text: Localized(["en": "x"]), x: 0.5, y: 0, width: 0.6, height: 0.1) }
        #expect(throws: ValidationError.self) { try Overlay(text: Localized(["en": "x"]), color: "red", x: 0, y: 0, width: 1, height: 0.1) }
    }

    @Test func theDemoSeriesHasBothLanguagesAHiddenSlideAndAnAppealPerKind() {
        let demo = DemoSeries.make()
        #expect(demo.series.isDemo)
        #expect(demo.talk.arrangement.filter(\.hidden).count == 1)
        #expect(Set(demo.slides.compactMap { $0.appeal?.kind }) == Set(AppealKind.allCases))
        let byID = Dictionary(uniqueKeysWithValues: demo.slides.map { ($0.id, $0) })
        let deck = Deck(talk: demo.talk, slides: byID, languages: Deck.Languages(slide: "es", notes: "en"))
        #expect(deck.entries.count == 5)  // 8 slides − hidden − the two appeals not chosen
        #expect(deck.entries.allSatisfy { $0.mediaID != nil && !$0.notes.isEmpty })
        let pictureIDs = Set(demo.pictures.map(\.id))
        #expect(demo.slides.allSatisfy { $0.media.values.values.allSatisfy(pictureIDs.contains) })
    }
}

/// Issue 17, item 4: captions on the audience screens are for the audience.
@Suite(.timeLimit(.minutes(5))) struct ScreenCaptionTests {
    static let english = "Stand.\n<C>Amazing grace<c>\n<C>How sweet the sound<c>\n<R>Thank you."
    static let spanish = "De pie.\n<C>Sublime gracia<c>\n<C>Del Señor<c>\n<R>Gracias."

    func entry(notes: [String: String], slide: String, notesIn: String) throws -> Deck.Entry {
        Deck.Entry(slide: try Slide(notes: Localized(notes)), number: 1, languages: Deck.Languages(slide: slide, notes: notesIn))
    }

    @Test func spanishSlidesWithEnglishNotesPutSpanishCaptionsOnTheScreens() throws {
        let entry = try entry(notes: ["en": Self.english, "es": Self.spanish], slide: "es", notesIn: "en")
        #expect(entry.captions?.steps.map(\.notes).first == "Stand.\nAmazing grace", "the speaker reads the English notes")
        #expect(entry.screenCaptions == ["Sublime gracia", "Del Señor", nil])
    }

    @Test func withoutCaptionsInTheSlideLanguageTheNotesLanguageIsUsed() throws {
        let plain = try entry(notes: ["en": Self.english, "es": "Sin marcas."], slide: "es", notesIn: "en")
        #expect(plain.screenCaptions == ["Amazing grace", "How sweet the sound", nil])
        let missing = try entry(notes: ["en": Self.english], slide: "es", notesIn: "en")
        #expect(missing.screenCaptions == ["Amazing grace", "How sweet the sound", nil])
    }

    @Test func aTranslationWithFewerStepsKeepsShowingItsLast() throws {
        let entry = try entry(notes: ["en": Self.english, "es": "<C>Sublime gracia<c>"], slide: "es", notesIn: "en")
        #expect(entry.screenCaptions == ["Sublime gracia", "Sublime gracia", "Sublime gracia"])
    }

    @Test func notesWithoutMarkersHaveNoSteps() throws {
        #expect(try entry(notes: ["en": "Plain", "es": Self.spanish], slide: "es", notesIn: "en").screenCaptions == nil)
    }
}

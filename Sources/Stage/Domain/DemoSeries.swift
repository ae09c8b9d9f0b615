import Foundation

/// The demo series every account starts with (S1): one talk in English and Spanish,
/// showing each Stage feature on real words: slides per language, an overlay on a shared
/// picture, notes long enough to page, a hidden slide, and an appeal in three kinds with
/// caption markers. Its pictures are drawn as SVG (SlideArt).
public struct DemoSeries: Sendable {
    public struct Picture: Sendable {
        public let id: UUID
        public let svg: String
    }

    public let series: Series
    public let talk: StageTalk
    public let slides: [Slide]
    public let pictures: [Picture]

    public static let title = "Demo: Hope for Today"

    public static func make() -> DemoSeries {
        var pictures: [Picture] = []
        func picture(_ svg: String) -> UUID {
            let id = UUID()
            pictures.append(Picture(id: id, svg: svg))
            return id
        }
        func card(_ en: String, _ es: String, subtitle: (String, String)? = nil, palette: SlideArt.Palette) -> Localized<UUID> {
            Localized([
                "en": picture(SlideArt.titleCard(en, subtitle: subtitle?.0, palette: palette)),
                "es": picture(SlideArt.titleCard(es, subtitle: subtitle?.1, palette: palette)),
            ])
        }
        // try! is safe: every value below is a constant checked by the demo's tests.
        func slide(_ media: Localized<UUID>, en: String, es: String, overlays: [Overlay] = [], appeal: AppealTag? = nil, title: String) -> Slide {
            try! Slide(media: media, notes: Localized(["en": en, "es": es]), overlays: overlays, appeal: appeal, title: title)
        }

        let seriesID = UUID()
        let shared = picture(SlideArt.landscape())
        let slides = [
            slide(card("Hope for Today", "Esperanza para hoy", subtitle: ("A demo talk", "Una charla de ejemplo"), palette: .dusk),
                  en: "Welcome everyone, and thank you for coming tonight.\nIntroduce yourself: your name, where you are from, and why this topic matters to you.",
                  es: "Bienvenidos a todos, y gracias por venir esta noche.\nPreséntese: su nombre, de dónde es y por qué este tema le importa.",
                  title: "Hope for Today"),
            slide(Localized(["en": shared, "es": shared]),
                  en: "One picture, every language: the words on this slide are an overlay, drawn over the same picture in the language you choose for slides.\nPause here and let the audience read it.",
                  es: "Una imagen para todos los idiomas: las palabras de esta diapositiva se dibujan sobre la misma imagen en el idioma elegido.\nHaga una pausa y deje que el público lea.",
                  overlays: [try! Overlay(text: Localized(["en": "Every morning is a new beginning", "es": "Cada mañana es un nuevo comienzo"]),
                                          size: 0.075, x: 0.08, y: 0.38, width: 0.84, height: 0.2, box: "#00000066")],
                  title: "A new beginning"),
            slide(card("Three questions", "Tres preguntas", palette: .earth),
                  en: Self.longNotesEnglish, es: Self.longNotesSpanish, title: "Three questions"),
            slide(card("Backup: statistics", "Reserva: estadísticas", palette: .night),
                  en: "A backup slide, hidden unless you need it for questions.",
                  es: "Una diapositiva de reserva, oculta salvo que la necesite para preguntas.", title: "Backup: statistics"),
            slide(card("Amazing Grace", "Sublime gracia", subtitle: ("Sing along", "Cantemos juntos"), palette: .sea),
                  en: "Invite everyone to stand.\n<C>Amazing grace, how sweet the sound<c>\n<C>That saved a wretch like me<c>\n<R>Thank everyone and invite them back next week.",
                  es: "Invite a todos a ponerse de pie.\n<C>Sublime gracia del Señor<c>\n<C>Que a un infeliz salvó<c>\n<R>Agradezca a todos e invítelos la próxima semana.",
                  appeal: AppealTag(kind: .vocal, song: "Amazing Grace"), title: "Appeal (vocal)"),
            slide(card("Amazing Grace", "Sublime gracia", subtitle: ("Instrumental", "Instrumental"), palette: .sea),
                  en: "The music plays; speak softly over it.\n<C>Take a moment to reflect<c>\n<R>Thank everyone and invite them back next week.",
                  es: "La música suena; hable en voz baja.\n<C>Tome un momento para reflexionar<c>\n<R>Agradezca a todos e invítelos la próxima semana.",
                  appeal: AppealTag(kind: .instrumental, song: "Amazing Grace"), title: "Appeal (instrumental)"),
            slide(card("Take a moment", "Tome un momento", palette: .sea),
                  en: "Read each line slowly.\n<C>You are not alone<c>\n<C>There is hope for today<c>\n<R>Thank everyone and invite them back next week.",
                  es: "Lea cada línea despacio.\n<C>No está solo<c>\n<C>Hay esperanza para hoy<c>\n<R>Agradezca a todos e invítelos la próxima semana.",
                  appeal: AppealTag(kind: .text), title: "Appeal (text)"),
            slide(card("Thank you", "Gracias", palette: .dusk),
                  en: "Close with the date and place of the next meeting.", es: "Cierre con la fecha y el lugar de la próxima reunión.",
                  title: "Thank you"),
        ]
        let arrangement = slides.map { SlidePlacement(slideID: $0.id, hidden: $0.title == "Backup: statistics") }
        let series = try! Series(id: seriesID, title: Self.title, slideLanguages: ["en", "es"], notesLanguages: ["en", "es"], isDemo: true)
        let talk = try! StageTalk(seriesID: seriesID, title: "Hope for Today", arrangement: arrangement,
                                  appeal: AppealChoice(kind: .vocal, song: "Amazing Grace"))
        return DemoSeries(series: series, talk: talk, slides: slides, pictures: pictures)
    }

    static let longNotesEnglish = """
        Ask three questions, and leave a moment of silence after each one.
        • Where do you find hope when the news is bad?
        \t– Let two or three people answer.
        \t– Thank each one by name.
        • Who gave you hope when you needed it most?
        \t– Tell a short story of your own here: a teacher, a friend, a stranger.
        • Whom could you give hope to this week?
        \t– Suggest one small, concrete act: a call, a visit, a meal.
        These notes are long on purpose. On a small screen or with a large font they take several pages: advancing scrolls to the next page before moving to the next slide, and the arrow at the bottom shows that more notes follow.
        Summarise: hope is found, received, and given.
        """

    static let longNotesSpanish = """
        Haga tres preguntas y deje un momento de silencio después de cada una.
        • ¿Dónde encuentra esperanza cuando las noticias son malas?
        \t– Deje que dos o tres personas respondan.
        \t– Agradezca a cada una por su nombre.
        • ¿Quién le dio esperanza cuando más la necesitaba?
        \t– Cuente aquí una historia breve: un maestro, un amigo, un desconocido.
        • ¿A quién podría dar esperanza esta semana?
        \t– Sugiera un acto pequeño y concreto: una llamada, una visita, una comida.
        Estas notas son largas a propósito. En una pantalla pequeña o con letra grande ocupan varias páginas: avanzar desplaza a la página siguiente antes de pasar a la siguiente diapositiva.
        Resuma: la esperanza se encuentra, se recibe y se da.
        """
}

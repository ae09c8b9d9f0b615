/// The few words the writer itself prints, so the handout can match the notes language.
public struct HandoutLabels: Equatable, Sendable {
    /// Before each slide's number: "Slide 3".
    public var slide: String
    /// After the slide count on the title page: "12 slides".
    public var slides: String
    /// After a heading repeated at the top of a page because the notes went on: "(continued)".
    public var continued: String

    public init(slide: String = "Slide", slides: String = "slides", continued: String = "continued") {
        self.slide = slide
        self.slides = slides
        self.continued = continued
    }
}

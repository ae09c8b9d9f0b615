/// Paper and layout choices. The defaults suit most of the world (A4); churches in the US
/// and Canada print on Letter.
public struct HandoutOptions: Equatable, Sendable {
    public enum PaperSize: Equatable, Sendable {
        case a4
        case usLetter

        /// Width and height in PDF points (1/72 inch), portrait.
        var points: (width: Double, height: Double) {
            switch self {
            case .a4: (595.28, 841.89)
            case .usLetter: (612, 792)
            }
        }
    }

    public var paper: PaperSize
    /// The picture's box width as a share of the text width; the notes take the rest beside it.
    public var pictureWidthShare: Double
    /// At most this many slides start on one page, so short notes still leave room to write.
    public var maximumSlidesPerPage: Int
    /// Body text size in points.
    public var fontSize: Double
    public var labels: HandoutLabels
    /// Written into the PDF's /Creator, e.g. "Cadence 1.4 (web)".
    public var creator: String

    public init(
        paper: PaperSize = .a4, pictureWidthShare: Double = 0.4, maximumSlidesPerPage: Int = 3,
        fontSize: Double = 10.5, labels: HandoutLabels = HandoutLabels(), creator: String = "Cadence"
    ) {
        self.paper = paper
        self.pictureWidthShare = min(max(pictureWidthShare, 0.2), 0.6)
        self.maximumSlidesPerPage = max(1, maximumSlidesPerPage)
        self.fontSize = min(max(fontSize, 7), 16)
        self.labels = labels
        self.creator = creator
    }
}

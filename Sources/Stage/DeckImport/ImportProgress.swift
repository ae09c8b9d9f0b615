import Foundation

/// How far an import is, and in which stage.
public struct ImportProgress: Sendable {
    public var fraction: Double
    public var stage: ImportStage
    public init(fraction: Double, stage: ImportStage) {
        self.fraction = fraction
        self.stage = stage
    }
}

/// An import's stage, by its stable code (the catalogue's `stage.import.stage.<code>`), with its English words for
/// the API and the log.
public enum ImportStage: String, Sendable, CaseIterable {
    case uploaded, waiting, checkingFile = "checking_file", readingPictures = "reading_pictures", readingPDF = "reading_pdf",
         readingSlides = "reading_slides", renderingPictures = "rendering_pictures", converting, done, cancelled, failed

    public var english: String {
        switch self {
        case .uploaded: "Uploaded"
        case .waiting: "Waiting for other imports to finish"
        case .checkingFile: "Checking file"
        case .readingPictures: "Reading pictures"
        case .readingPDF: "Reading PDF"
        case .readingSlides: "Reading slides"
        case .renderingPictures: "Rendering slide pictures"
        case .converting: "Converting slides with LibreOffice"
        case .done: "Done"
        case .cancelled: "Cancelled"
        case .failed: "Failed"
        }
    }

    /// Its catalogue key.
    public var key: String { "stage.import.stage.\(rawValue)" }
}

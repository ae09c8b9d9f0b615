import CadenceCore
import Foundation
import Stage

/// A series with what the library lists beside it.
public struct SeriesSummary: Sendable {
    public let series: Series
    public let talkCount: Int
    public let slideCount: Int
    public let bytes: Int64

    public init(series: Series, talkCount: Int, slideCount: Int, bytes: Int64) {
        self.series = series
        self.talkCount = talkCount
        self.slideCount = slideCount
        self.bytes = bytes
    }
}

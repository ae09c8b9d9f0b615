/// A piece of one line of text with a single style, placed relative to the line's start.
struct LineFragment: Equatable {
    var bytes: [UInt8]
    var style: HandoutTextStyle
    var x: Double
    var width: Double
}

import Foundation

struct ImageInfo: Sendable, Equatable {
    var type: String   // "png" or "jpeg"
    var width: Int
    var height: Int
    var fileExtension: String { type == "png" ? "png" : "jpg" }
}

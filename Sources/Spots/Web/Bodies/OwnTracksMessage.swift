import Foundation

extension SpotsAPI {
    struct OwnTracksMessage: Decodable {
        let _type: String
        let lat: Double?
        let lon: Double?
        let acc: Double?
        let tst: Int64?
    }
}

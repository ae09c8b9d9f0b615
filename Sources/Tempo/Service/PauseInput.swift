import CadenceCore
import Foundation
import Tempo

public struct PauseInput: Decodable {
    public let start: Date
    public let end: Date?
}

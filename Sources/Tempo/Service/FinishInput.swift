import CadenceCore
import Foundation
import Tempo

public struct FinishInput: Decodable {
    public let endedAt: Date
    public let pauses: [PauseInput]?
}

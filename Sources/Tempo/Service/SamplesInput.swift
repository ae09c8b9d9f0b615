import CadenceCore
import Foundation
import Tempo

public struct SamplesInput: Decodable {
    public let samples: [SampleInput]
}

import CadenceCore
import Foundation
import Tempo

public struct SamplesInput: Decodable {
    public let samples: [SampleInput]
    /// Where the batch's readings came from (`{"heartRate": ["Polar H10"], "cadence": ["phone motion sensor"]}`);
    /// kept with the run, not with each sample.
    public let sources: SourcesInput?
}

public struct SourcesInput: Decodable, Sendable {
    public let heartRate: [String]?
    public let cadence: [String]?

    public var reported: RunSensors.Unchecked { RunSensors.Unchecked(heartRate: heartRate ?? [], cadence: cadence ?? []) }
}

import Foundation

/// Mono audio, samples nominally in −1…1, at `sampleRate` Hz.
public struct AudioBuffer: Sendable {
    public let samples: [Float]
    public let sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Duration in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }
}

/// Why audio could not be decoded. `message` is a sentence meant for the user and names what is wrong.
public struct AudioDecodeError: Error, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notAudio, unsupported, truncated, toolMissing, toolFailed, tooLong
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

import Foundation

/// Where a run's readings came from, kept with the run (its samples hold values, not sources): the heart-rate
/// strap or watch, the footpod or the phone's motion sensor. Shown on the run's page and written into its exports,
/// so a reading is never taken for another device's — and a run with no heart-rate source has no heart rate.
public struct RunSensors: Codable, Equatable, Sendable {
    /// Each source as the device names it ("Polar H10", "phone motion sensor"), in the order first seen.
    public private(set) var heartRate: [String]
    public private(set) var cadence: [String]

    /// A run rarely switches sensors; more than this per reading is noise, not history.
    public static let maximumPerReading = 4
    public static let maximumNameLength = 60

    public init(heartRate: [String] = [], cadence: [String] = []) {
        self.heartRate = []
        self.cadence = []
        merge(RunSensors.Unchecked(heartRate: heartRate, cadence: cadence))
    }

    public var isEmpty: Bool { heartRate.isEmpty && cadence.isEmpty }

    /// Sources as a device reports them, before they are cleaned.
    public struct Unchecked: Sendable {
        public var heartRate: [String]
        public var cadence: [String]
        public init(heartRate: [String] = [], cadence: [String] = []) {
            self.heartRate = heartRate
            self.cadence = cadence
        }
    }

    /// Adds sources not seen yet: names are trimmed to one line of at most 60 characters; empty ones are dropped.
    public mutating func merge(_ reported: Unchecked) {
        heartRate = Self.merged(heartRate, reported.heartRate)
        cadence = Self.merged(cadence, reported.cadence)
    }

    static func merged(_ kept: [String], _ new: [String]) -> [String] {
        var result = kept
        for name in new {
            let clean = String(name.split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces).prefix(maximumNameLength))
            guard !clean.isEmpty, !result.contains(clean), result.count < maximumPerReading else { continue }
            result.append(clean)
        }
        return result
    }

    /// "heart rate: Polar H10; cadence: phone motion sensor", for exports' notes; nil when nothing was measured.
    public var summary: String? {
        let parts = [("heart rate", heartRate), ("cadence", cadence)].filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.joined(separator: ", "))" }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

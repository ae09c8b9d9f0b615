import Foundation

/// A song's key as DJs mix by: a position on the Camelot wheel ("8A" = A minor, "8B" = C major).
///
/// Two keys mix well when they are the same, one step apart round the wheel with the same letter (a fifth apart),
/// or the same number with the other letter (relative major and minor): those are the transitions a mix prefers.
public struct CamelotKey: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1…12 round the wheel.
    public let number: Int
    /// "A" keys are minor, "B" keys major.
    public let minor: Bool

    /// Nil unless `code` is a number 1…12 followed by A or B.
    public init?(code: String) {
        let text = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard let letter = text.last, letter == "A" || letter == "B",
              let number = Int(text.dropLast()), (1...12).contains(number) else { return nil }
        self.number = number
        self.minor = letter == "A"
    }

    public var code: String { "\(number)\(minor ? "A" : "B")" }
    public var description: String { code }

    /// Same key, a neighbour round the wheel with the same letter, or the relative major or minor.
    public func mixes(with other: CamelotKey) -> Bool {
        if minor != other.minor { return number == other.number }
        let step = abs(number - other.number)
        return step == 0 || step == 1 || step == 11
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = CamelotKey(code: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a Camelot key such as 8A."))
        }
        self = key
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

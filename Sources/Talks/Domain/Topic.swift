import CadenceCore
import Foundation

/// A talk to give (T1): a title, an estimated duration, and cues always in time order.
public struct Topic: Equatable, Sendable, Codable {
    public let id: UUID
    public private(set) var title: String
    /// Estimated duration in seconds.
    public private(set) var duration: Int
    public private(set) var cues: [Cue]

    public static let defaultDuration = 60
    public static let maximumDuration = 24 * 60 * 60
    public static let maximumTitleLength = 120
    public static let maximumKeywordLength = 80
    public static let maximumCues = 500

    /// A checked topic; cues are sorted by time (ties keep the order given).
    public init(id: UUID = UUID(), title: String, duration: Int = Topic.defaultDuration, cues: [Cue] = []) throws(ValidationError) {
        self.id = id
        self.title = try Self.checkText(title, field: "title", maximumLength: Self.maximumTitleLength,
                                            whenEmpty: "Give the talk a title.", noun: "A title")
        guard duration > 0, duration <= Self.maximumDuration else {
            throw ValidationError(field: "duration", "The estimated duration is between 0:01 and 24 hours.", key: "talks.error.duration_range")
        }
        self.duration = duration
        guard cues.count <= Self.maximumCues else {
            throw ValidationError(field: "cues", "A talk has at most \(Self.maximumCues) cues.", key: "talks.error.too_many_cues",
                                  ["max": String(Self.maximumCues)])
        }
        self.cues = []
        for cue in cues { try insert(cue) }
    }

    /// A cue from what a person typed, checked against this topic's duration.
    public func makeCue(keyword: String, time: String, id: UUID = UUID()) throws(ValidationError) -> Cue {
        let keyword = try Self.checkText(keyword, field: "keyword", maximumLength: Self.maximumKeywordLength,
                                             whenEmpty: "Enter a keyword.", noun: "A keyword")
        let at = try CueTime.parse(time)
        try checkTime(at)
        return Cue(id: id, keyword: keyword, at: at)
    }

    /// Adds a cue where its time puts it. The cue is kept whole, its keyword checked and trimmed in place, so a field
    /// added to `Cue` is never dropped here.
    public mutating func insert(_ cue: Cue) throws(ValidationError) {
        try checkTime(cue.at)
        var checked = cue
        checked.keyword = try Self.checkText(cue.keyword, field: "keyword", maximumLength: Self.maximumKeywordLength,
                                             whenEmpty: "Enter a keyword.", noun: "A keyword")
        let index = cues.firstIndex { $0.at > cue.at } ?? cues.endIndex
        cues.insert(checked, at: index)
    }

    /// Replaces a cue (by id) and re-sorts; false when there is no such cue.
    public mutating func update(_ cue: Cue) throws(ValidationError) -> Bool {
        guard let index = cues.firstIndex(where: { $0.id == cue.id }) else { return false }
        let previous = cues.remove(at: index)
        do { try insert(cue) } catch {
            cues.insert(previous, at: index)
            throw error
        }
        return true
    }

    @discardableResult
    public mutating func removeCue(id: UUID) -> Bool {
        guard let index = cues.firstIndex(where: { $0.id == id }) else { return false }
        cues.remove(at: index)
        return true
    }

    public mutating func rename(_ title: String) throws(ValidationError) {
        self.title = try Self.checkText(title, field: "title", maximumLength: Self.maximumTitleLength,
                                            whenEmpty: "Give the talk a title.", noun: "A title")
    }

    /// A new duration; refused when a cue would fall beyond it.
    public mutating func setDuration(_ seconds: Int) throws(ValidationError) {
        guard seconds > 0, seconds <= Self.maximumDuration else {
            throw ValidationError(field: "duration", "The estimated duration is between 0:01 and 24 hours.", key: "talks.error.duration_range")
        }
        if let late = cues.last, late.at > seconds {
            throw ValidationError(field: "duration", "The cue \"\(late.keyword)\" at \(CueTime.format(late.at)) would fall after the end.",
                                  key: "talks.error.cue_after_end", ["keyword": late.keyword, "time": CueTime.format(late.at)])
        }
        duration = seconds
    }

    private func checkTime(_ at: Int) throws(ValidationError) {
        if at < 0 { throw ValidationError(field: "time", "A time cannot be negative.", key: "talks.error.time_negative") }
        if at > duration {
            throw ValidationError(field: "time", "\(CueTime.format(at)) is after the end of the talk (\(CueTime.format(duration))).",
                                  key: "talks.error.time_after_end", ["time": CueTime.format(at), "duration": CueTime.format(duration)])
        }
    }

    /// `RequiredText.check` with its refusals' words in the catalogue (`talks.error.title_required`, `…_nul`,
    /// `…_too_long`).
    private static func checkText(
        _ raw: String, field: String, maximumLength: Int, whenEmpty: String, noun: String
    ) throws(ValidationError) -> String {
        try RequiredText.check(raw, field: field, maximumLength: maximumLength, whenEmpty: whenEmpty, noun: noun,
                               keys: .under("talks.error.\(field)"))
    }
}

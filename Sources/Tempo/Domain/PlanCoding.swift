import CadenceCore
import Foundation

// JSON shapes (for the API and storage):
//   plan      {"id": "…", "name": "Intervals", "activity": "running", "steps": [step…]}
//   step      {"interval": interval} | {"repeat": {"count": 6, "steps": [step…]}}
//   interval  {"name": "Sprint", "length": length, "target": target, "endTarget": target?}
//   length    {"seconds": 120} | {"metres": 400}
//   target    {"zone": 5} | {"cadence": 172} | {"pace": 300}      (pace in seconds per km)
// Decoding a plan runs the same checks as `WorkoutPlan.init`; a ValidationError is thrown as is.

private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension IntervalLength: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let seconds = try c.decodeIfPresent(Double.self, forKey: Key("seconds")) {
            self = .duration(seconds: seconds)
        } else if let metres = try c.decodeIfPresent(Double.self, forKey: Key("metres")) {
            self = .distance(metres: metres)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A length is {\"seconds\": n} or {\"metres\": n}."))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .duration(let seconds): try c.encode(seconds, forKey: Key("seconds"))
        case .distance(let metres): try c.encode(metres, forKey: Key("metres"))
        }
    }
}

extension Target: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let zone = try c.decodeIfPresent(Int.self, forKey: Key("zone")) {
            self = .zone(zone)
        } else if let cadence = try c.decodeIfPresent(Double.self, forKey: Key("cadence")) {
            self = .cadence(cadence)
        } else if let pace = try c.decodeIfPresent(Double.self, forKey: Key("pace")) {
            self = .pace(secondsPerKm: pace)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A target is {\"zone\": n}, {\"cadence\": n} or {\"pace\": seconds per km}."))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .zone(let zone): try c.encode(zone, forKey: Key("zone"))
        case .cadence(let cadence): try c.encode(cadence, forKey: Key("cadence"))
        case .pace(let pace): try c.encode(pace, forKey: Key("pace"))
        }
    }
}

extension Interval: Codable {
    private enum CodingKeys: String, CodingKey { case name, length, target, endTarget }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decodeIfPresent(String.self, forKey: .name) ?? "",
                  length: try c.decode(IntervalLength.self, forKey: .length),
                  target: try c.decode(Target.self, forKey: .target),
                  endTarget: try c.decodeIfPresent(Target.self, forKey: .endTarget))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(length, forKey: .length)
        try c.encode(target, forKey: .target)
        try c.encodeIfPresent(endTarget, forKey: .endTarget)
    }
}

extension PlanStep: Codable {
    private struct RepeatBody: Codable {
        var count: Int
        var steps: [PlanStep]
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let interval = try c.decodeIfPresent(Interval.self, forKey: Key("interval")) {
            self = .interval(interval)
        } else if let body = try c.decodeIfPresent(RepeatBody.self, forKey: Key("repeat")) {
            self = .repeat(count: body.count, steps: body.steps)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A step is {\"interval\": …} or {\"repeat\": {\"count\": n, \"steps\": […]}}."))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .interval(let interval): try c.encode(interval, forKey: Key("interval"))
        case .repeat(let count, let steps): try c.encode(RepeatBody(count: count, steps: steps), forKey: Key("repeat"))
        }
    }
}

extension WorkoutPlan: Codable {
    private enum CodingKeys: String, CodingKey { case id, name, activity, steps }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(id: try c.decodeIfPresent(UUID.self, forKey: .id) ?? UUID(),
                      name: try c.decodeIfPresent(String.self, forKey: .name) ?? "",
                      activity: try c.decodeIfPresent(Activity.self, forKey: .activity) ?? .running,
                      steps: try c.decodeIfPresent([PlanStep].self, forKey: .steps) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(activity, forKey: .activity)
        try c.encode(steps, forKey: .steps)
    }
}

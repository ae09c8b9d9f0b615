/// The run's pauses as sorted, merged second ranges from the start, to ask how much of a
/// segment was paused in one forward pass (segments come in time order, so a cursor suffices).
struct PauseList {
    private(set) var ranges: [(start: Double, end: Double)] = []

    init(_ intervals: [ClosedRange<Int64>], origin: Int64) {
        let sorted = intervals.map { (Double($0.lowerBound - origin) / 1000, Double($0.upperBound - origin) / 1000) }
            .sorted { $0.0 < $1.0 }
        for (s, e) in sorted {
            if let last = ranges.last, s <= last.end {
                ranges[ranges.count - 1].end = max(last.end, e)
            } else {
                ranges.append((s, e))
            }
        }
    }

    /// Seconds of [from, to] inside pauses. `cursor` must start at 0 and only see increasing `from`.
    func overlap(from: Double, to: Double, cursor: inout Int) -> Double {
        while cursor < ranges.count, ranges[cursor].end <= from { cursor += 1 }
        var total = 0.0
        var i = cursor
        while i < ranges.count, ranges[i].start < to {
            total += max(0, min(to, ranges[i].end) - max(from, ranges[i].start))
            i += 1
        }
        return total
    }

    /// Seconds since the start that were not paused, at `seconds` since the start (the plan's clock).
    func activeSeconds(at seconds: Double) -> Double {
        var paused = 0.0
        for range in ranges where range.start < seconds { paused += min(seconds, range.end) - range.start }
        return seconds - paused
    }
}

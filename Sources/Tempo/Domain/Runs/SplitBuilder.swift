/// Cuts a run into splits of a kilometre (or a mile) from cumulative figures at each sample.
///
/// Each array holds the running total at a sample (distance, moving time, heart-rate × time,
/// time with heart rate, gain, loss). A boundary falls inside the segment where the distance
/// passes it; every total is interpolated linearly there, so a split's time, heart rate and
/// climb are the differences of the totals at its two boundaries and the splits add up to the run.
enum SplitBuilder {
    static let kilometre = 1000.0
    static let mile = 1609.344
    /// More than the longest multi-day race (about 5,000 km) has.
    static let maximumSplits = 10_000

    static func splits(distance: [Double], moving: [Double], hrWeighted: [Double], hrTime: [Double],
                       gain: [Double], loss: [Double], length splitLength: Double = kilometre) -> [Split] {
        // A device's distance is the device's word (a TCX file may say 1e12 m): past `maximumSplits` the run is no
        // run a person made, and its splits would fill the memory, so it has none.
        guard let total = distance.last, total > 0, total / splitLength <= Double(maximumSplits) else { return [] }
        typealias Totals = (d: Double, m: Double, hw: Double, ht: Double, g: Double, l: Double)
        func at(_ i: Int) -> Totals { (distance[i], moving[i], hrWeighted[i], hrTime[i], gain[i], loss[i]) }
        func lerp(_ a: Totals, _ b: Totals, _ f: Double) -> Totals {
            (a.d + f * (b.d - a.d), a.m + f * (b.m - a.m), a.hw + f * (b.hw - a.hw),
             a.ht + f * (b.ht - a.ht), a.g + f * (b.g - a.g), a.l + f * (b.l - a.l))
        }
        func split(_ number: Int, _ a: Totals, _ b: Totals, length: Double) -> Split {
            let ht = b.ht - a.ht
            return Split(number: number, distance: length, seconds: b.m - a.m,
                         averageHeartRate: ht > 1e-9 ? (b.hw - a.hw) / ht : nil,
                         elevationGain: b.g - a.g, elevationLoss: b.l - a.l)
        }

        var result: [Split] = []
        var start = at(0)
        var boundary = splitLength
        for i in 1..<distance.count where distance[i] >= boundary {
            while distance[i] >= boundary {
                let f = (boundary - distance[i - 1]) / (distance[i] - distance[i - 1])
                let end = lerp(at(i - 1), at(i), f)
                result.append(split(result.count + 1, start, end, length: splitLength))
                start = end
                boundary += splitLength
            }
        }
        let rest = total - (boundary - splitLength)
        if rest > 1e-6 {
            result.append(split(result.count + 1, start, at(distance.count - 1), length: rest))
        }
        return result
    }
}

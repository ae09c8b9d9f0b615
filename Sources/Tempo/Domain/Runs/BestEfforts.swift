/// The fastest stretch of a run over each record distance (1 km, 5 km, 10 km), in moving time: for every start, the
/// moment the distance is reached is interpolated inside the stretch between samples that crosses it, and the
/// quickest wins. One forward pass per distance (the end only moves on).
public struct BestEffort: Sendable, Equatable, Codable {
    public let metres: Double
    public let seconds: Double

    public init(metres: Double, seconds: Double) {
        self.metres = metres
        self.seconds = seconds
    }

    public static let distances: [Double] = [1000, 5000, 10_000]

    /// - Parameters: cumulative distance and moving time at each sample (as `RunStats` keeps them).
    public static func efforts(distance: [Double], moving: [Double], over distances: [Double] = Self.distances) -> [BestEffort] {
        guard let total = distance.last else { return [] }
        return distances.filter { $0 <= total }.compactMap { metres in
            var best = Double.infinity
            var end = 0
            for start in distance.indices {
                let goal = distance[start] + metres
                if end < start { end = start }
                while end < distance.count && distance[end] < goal { end += 1 }
                guard end < distance.count, end > 0 else { break }
                let before = end - 1
                let span = distance[end] - distance[before]
                let fraction = span > 0 ? (goal - distance[before]) / span : 1
                let reached = moving[before] + fraction * (moving[end] - moving[before])
                best = min(best, reached - moving[start])
            }
            return best.isFinite && best > 0 ? BestEffort(metres: metres, seconds: best) : nil
        }
    }
}

import Foundation

/// Progress over time from the runs' summaries: distance, moving time and pace week by week (weeks start on Monday
/// at midnight in the runner's time zone), and the personal bests over 1, 5 and 10 km (the fastest stretch inside any run). Simulated runs count for
/// nothing here: no sensor measured them.
public struct RunProgress: Sendable, Equatable, Codable {
    public struct Week: Sendable, Equatable, Codable {
        /// The Monday that starts it, as `YYYY-MM-DD`.
        public let start: String
        public let runs: Int
        public let distance: Double
        public let movingSeconds: Double
        /// Seconds per km over the week's moving time and distance; nil without either.
        public let pace: Double?
    }

    public struct Best: Sendable, Equatable, Codable {
        public let metres: Double
        public let seconds: Double
        public let runId: UUID
        public let startedAt: Int64
    }

    /// What one run brings: when, how far, how long moving, its best efforts.
    public struct Run: Sendable {
        public let id: UUID
        public let startedAt: Int64
        public let distance: Double
        public let movingSeconds: Double
        public let bestEfforts: [BestEffort]

        public init(id: UUID, startedAt: Int64, distance: Double, movingSeconds: Double, bestEfforts: [BestEffort]) {
            self.id = id; self.startedAt = startedAt; self.distance = distance
            self.movingSeconds = movingSeconds; self.bestEfforts = bestEfforts
        }
    }

    /// The last `weeks` weeks up to the one holding `now`, oldest first (empty weeks included).
    public let weeks: [Week]
    public let bests: [Best]
    /// The zone the weeks were counted in ("Europe/Madrid", "GMT+0200").
    public let timeZone: String

    public init(runs: [Run], weeks count: Int, now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        self.timeZone = timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
        let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)!.start
        let starts = (0..<max(1, count)).reversed().map { calendar.date(byAdding: .weekOfYear, value: -$0, to: thisWeek)! }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        weeks = starts.map { start in
            let end = calendar.date(byAdding: .weekOfYear, value: 1, to: start)!
            let inside = runs.filter {
                let at = Date(timeIntervalSince1970: Double($0.startedAt) / 1000)
                return at >= start && at < end
            }
            let distance = inside.reduce(0) { $0 + $1.distance }, moving = inside.reduce(0) { $0 + $1.movingSeconds }
            return Week(start: formatter.string(from: start), runs: inside.count, distance: distance, movingSeconds: moving,
                        pace: distance > 0 && moving > 0 ? moving / distance * 1000 : nil)
        }
        bests = BestEffort.distances.compactMap { metres in
            runs.compactMap { run in run.bestEfforts.first { $0.metres == metres }.map { (run, $0) } }
                .min { $0.1.seconds < $1.1.seconds }
                .map { Best(metres: metres, seconds: $0.1.seconds, runId: $0.0.id, startedAt: $0.0.startedAt) }
        }
    }
}

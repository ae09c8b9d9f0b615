
/// Reduces a series to at most `limit` points for drawing.
///
/// A 10-hour track at 1 Hz has 36,000 points; a phone draws a few hundred pixels. The points are
/// cut into `limit` consecutive buckets of (almost) equal count and each bucket becomes its mean
/// time and mean value: means keep the shape and smooth GPS jitter, which a pace chart needs anyway.
/// Peaks flatten a little; the summary's maxima come from the full data, not from the chart.
public enum Downsample {
    public static func buckets(_ points: [ChartPoint], limit: Int) -> [ChartPoint] {
        guard limit > 0 else { return [] }
        guard points.count > limit else { return points }
        var out: [ChartPoint] = []
        out.reserveCapacity(limit)
        let n = points.count
        for b in 0..<limit {
            let lo = b * n / limit, hi = (b + 1) * n / limit
            var t = 0.0, v = 0.0
            for i in lo..<hi { t += points[i].seconds; v += points[i].value }
            let count = Double(hi - lo)
            out.append(ChartPoint(seconds: t / count, value: v / count))
        }
        return out
    }
}

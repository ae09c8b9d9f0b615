/// The chart series of a run, each downsampled for drawing.
enum SeriesBuilder {
    static func series(samples: [RunSample], seconds t: [Double], distance: [Double], limit: Int) -> RunSeries {
        var pace: [ChartPoint] = [], hr: [ChartPoint] = [], cad: [ChartPoint] = []
        var tempo: [ChartPoint] = [], ele: [ChartPoint] = []
        var j = 0
        for i in samples.indices {
            let s = samples[i]
            // Pace over the trailing window: the earliest sample at most `paceWindow` s back.
            while t[i] - t[j] > RunStats.paceWindow { j += 1 }
            let span = t[i] - t[j]
            if span > 0 {
                let speed = (distance[i] - distance[j]) / span
                if speed >= RunStats.stopSpeed { pace.append(ChartPoint(seconds: t[i], value: 1000 / speed)) }
            }
            if let v = s.heartRate { hr.append(ChartPoint(seconds: t[i], value: v)) }
            if let v = s.cadence { cad.append(ChartPoint(seconds: t[i], value: v)) }
            if let v = s.tempo { tempo.append(ChartPoint(seconds: t[i], value: v)) }
            if let v = s.elevation { ele.append(ChartPoint(seconds: t[i], value: v)) }
        }
        var series = RunSeries()
        series.pace = Downsample.buckets(pace, limit: limit)
        series.heartRate = Downsample.buckets(hr, limit: limit)
        series.cadence = Downsample.buckets(cad, limit: limit)
        series.tempo = Downsample.buckets(tempo, limit: limit)
        series.elevation = Downsample.buckets(ele, limit: limit)
        return series
    }
}

import Foundation

/// Turns a planned playlist into a `MixPlan`.
///
/// - **Tempo**: a song starts at its entry's rate and then follows the plan's cadence curve moment by moment (given
///   the plan's timeline), within its stretch budget (the entry's rate is always allowed) and easing at most
///   `maxRateChangePerBeat` a beat, so a ramp in the plan ramps the music inside a song and an interval change moves
///   it within a few beats. Without a timeline each song keeps its entry's rate.
/// - **Hand-overs**: the playlist already lets consecutive entries overlap by the crossfade (`fadeLength`), so the mix
///   keeps to its timeline: the fade's middle is placed on a beat of the outgoing song nearest the middle of the
///   entries' overlap (interval changes therefore land on a beat). From the start of its fade-out the outgoing song
///   holds its rate.
/// - **Beats through the fade**: at the fade's middle a beat of the outgoing song and the incoming song's first beat
///   coincide (before a first beat sooner than half the fade, silence: a part's stretch of file may start before 0
///   and end after the file does). When the two songs' tracked beat periods relate as 1:1, 2:1
///   or 1:2 at rates within `matchRange` (15 %) of the incoming song's own, the incoming song plays the fade at the rate that
///   gives it the outgoing song's period (its beats fall on the outgoing ones all through the fade) and then eases to
///   its own tempo; otherwise it plays at its own rate and only the middle coincides. A song with no beats found is
///   cut and faded at the planned time without alignment.
/// - The last song is cut at the end of the plan (or of the song) with a fade-out.
public enum MixPlanner {
    public static let fadeBeats = 4.0
    /// Fade bounds in seconds, whatever the tempo.
    public static let fadeRange = 1.0...6.0
    /// At least this much of each song plays outside its fades (seconds of the mix).
    static let minimumPlay = 8.0
    public static let finalFadeOut = 3.0
    /// How far a song's rate moves in one of its beats when it follows the plan or eases after a fade.
    public static let maxRateChangePerBeat = 0.01
    /// How far from its own rate an incoming song may play the fade to match the outgoing song's beat period: enough
    /// for an interval change (a sprint at 180 after an easy 160 is 12.5 %), which it then eases into.
    public static let matchRange = 0.15
    static let rateLimits = 0.5...2.0

    /// The crossfade after a song: `fadeBeats` of its beats as played (`songBPM` × its rate), within `fadeRange`.
    /// The playlist planner overlaps entries by this much, and the mix fades over it.
    public static func fadeLength(songBPM: Double, rate: Double) -> Double {
        guard songBPM > 0, rate > 0 else { return 3 }
        return min(fadeRange.upperBound, max(fadeRange.lowerBound, fadeBeats * 60 / (songBPM * rate)))
    }

    public static func plan(_ playlist: Playlist, songs: [UUID: MixSong], timeline: PlanTimeline? = nil) -> MixPlan {
        let positions = playlist.entries.indices.filter { songs[playlist.entries[$0].song.id] != nil }
        let entries = positions.map { playlist.entries[$0] }
        let budget = playlist.options.stretchBudget
        var parts: [MixPlan.Part] = []
        // The part being laid out: where its file starts playing, where in the mix, its fade-in and the rate it fades in at.
        var sourceStart = 0.0, mixStart = 0.0, fadeIn = 0.0
        var startRate: Double? = nil
        var alignedAt: Double? = nil, matched = false
        for (index, entry) in entries.enumerated() {
            let song = songs[entry.song.id]!
            let own = clamp(entry.playbackRate, rateLimits)
            let carried = entry.songBPM * entry.beat.cadencePerBeat
            let band = max(rateLimits.lowerBound, min(own, 1 - budget))...min(rateLimits.upperBound, max(own, 1 + budget))
            let wantedRate = { (t: Double) -> Double in
                guard let timeline, carried > 0 else { return own }
                return clamp(timeline.cadence(at: min(max(0, t), timeline.totalDuration - 0.001)) / carried, band)
            }
            let tempo = tempoMap(from: sourceStart, to: song.durationSeconds, mixStart: mixStart, holdUntil: mixStart + fadeIn,
                                 startRate: startRate ?? wantedRate(mixStart), beat: 60 / max(1, entry.songBPM), wanted: wantedRate)
            var part = MixPlan.Part(songID: entry.song.id, entry: positions[index], rate: own, sourceStart: sourceStart,
                                    sourceEnd: song.durationSeconds, mixStart: mixStart, fadeIn: fadeIn, alignedAt: alignedAt,
                                    tempoMatched: matched, tempo: tempo)
            guard index + 1 < entries.count else {
                // The last song: to the plan's end or its own, whichever comes first.
                let planEnd = part.sourceTime(atMix: max(playlist.planDuration, mixStart + fadeIn + minimumPlay))
                parts.append(part.cut(at: max(sourceStart + 1, min(song.durationSeconds, planEnd))))
                break
            }
            let next = entries[index + 1], nextSong = songs[next.song.id]!
            // Hand over in the middle of the overlap the playlist planned, leaving the outgoing song enough audio for
            // the fade's second half and enough play after its own fade-in.
            let fade = fadeLength(songBPM: entry.songBPM, rate: own)
            let earliest = part.sourceTime(atMix: mixStart + fadeIn + minimumPlay)
            // The beat may come late enough for the fade's last quarter to run past the song's end into silence, so
            // the beat nearest the planned moment is as likely after it as before (no drift builds up).
            let endRate = part.rate(at: song.durationSeconds)
            let latest = max(earliest, song.durationSeconds - fade / 4 * endRate)
            let wanted = min(max(part.sourceTime(atMix: next.start + fade / 2), earliest), latest)
            let outBeat = nearest(song.beats, to: wanted, within: earliest...latest)
            let handOver = outBeat ?? wanted
            // From the start of its fade-out the outgoing song holds its rate.
            part = part.holding(from: part.sourceTime(atMix: part.mixTime(handOver) - fade / 2))
            let outRate = part.rate(at: handOver)
            let centre = part.mixTime(handOver)
            parts.append(part.cut(at: part.sourceTime(atMix: centre + fade / 2)))
            // The incoming song's rate through the fade: the outgoing song's beat period when the grids agree.
            let nextOwn = clamp(next.playbackRate, rateLimits)
            var inRate = nextOwn
            matched = false
            if let outPeriod = song.beatPeriod, let inPeriod = nextSong.beatPeriod {
                let candidates = [0.5, 1, 2].map { outRate * inPeriod / (outPeriod * $0) }
                if let best = candidates.min(by: { abs($0 / nextOwn - 1) < abs($1 / nextOwn - 1) }),
                   abs(best / nextOwn - 1) <= matchRange, rateLimits.contains(best) {
                    inRate = best
                    matched = true
                }
            }
            // Its first beat meets the outgoing beat at the centre; a song whose first beat comes sooner than half the
            // fade starts with a moment of silence (a negative `sourceStart`), so none of it is skipped.
            let room = fade / 2 * inRate
            let inBeat = nextSong.beats.first
            sourceStart = (inBeat ?? room) - room
            mixStart = centre - fade / 2
            fadeIn = fade
            startRate = inRate
            alignedAt = outBeat != nil && inBeat != nil ? centre : nil
            matched = matched && alignedAt != nil
        }
        return MixPlan(parts: parts, fadeOut: parts.isEmpty ? 0 : min(finalFadeOut, parts.last!.mixDuration / 2))
    }

    /// The rate beat by beat from `from` to `to` (file seconds): `startRate` until mix time `holdUntil` (the fade-in),
    /// then towards `wanted(mix time)` by at most `maxRateChangePerBeat` a beat. Steps closer than 0.05 % are merged.
    static func tempoMap(from: Double, to: Double, mixStart: Double, holdUntil: Double, startRate: Double, beat: Double,
                         wanted: (Double) -> Double) -> [MixPlan.TempoStep] {
        var steps = [MixPlan.TempoStep(source: from, rate: startRate)]
        var source = from, t = mixStart, rate = startRate
        while source + beat < to {
            t += beat / rate
            source += beat
            guard t >= holdUntil else { continue }
            let target = wanted(t)
            rate += max(-maxRateChangePerBeat, min(maxRateChangePerBeat, target - rate))
            if abs(rate - steps.last!.rate) >= 0.0005 { steps.append(MixPlan.TempoStep(source: source, rate: rate)) }
        }
        return steps
    }

    static func nearest(_ beats: [Double], to time: Double, within range: ClosedRange<Double>) -> Double? {
        beats.filter { range.contains($0) }.min { abs($0 - time) < abs($1 - time) }
    }

    static func clamp(_ x: Double, _ range: ClosedRange<Double>) -> Double { min(range.upperBound, max(range.lowerBound, x)) }
}

extension MixPlan.Part {
    /// The part ending at file time `end`.
    func cut(at end: Double) -> MixPlan.Part {
        MixPlan.Part(songID: songID, entry: entry, rate: rate, sourceStart: sourceStart, sourceEnd: end, mixStart: mixStart,
                     fadeIn: fadeIn, alignedAt: alignedAt, tempoMatched: tempoMatched, tempo: tempo.filter { $0.source < end || $0.source == sourceStart })
    }

    /// The part keeping the rate in effect at file time `source` from there on.
    func holding(from source: Double) -> MixPlan.Part {
        MixPlan.Part(songID: songID, entry: entry, rate: rate, sourceStart: sourceStart, sourceEnd: sourceEnd, mixStart: mixStart,
                     fadeIn: fadeIn, alignedAt: alignedAt, tempoMatched: tempoMatched, tempo: tempo.filter { $0.source <= source })
    }
}

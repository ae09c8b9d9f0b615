import Foundation

/// Turns a planned playlist into a `MixPlan`.
///
/// Each song plays at its entry's rate, so the mix carries the playlist's tempi. The songs follow the playlist's
/// timeline: the hand-over from one song to the next is placed on a beat of the outgoing song near the time the
/// playlist starts the next entry (interval changes therefore land on a beat). The fade lasts `fadeBeats` beats of the
/// outgoing song as played; at its middle a beat of the outgoing song and a beat of the incoming one coincide — the
/// incoming song's first bar start (or first beat) far enough in for the first half of the fade — so even when the two
/// tempi differ by the jump cap the beats drift apart by at most half the fade's difference. A song with no beats
/// found is cut and faded at the planned time without alignment. The last song is cut at the end of the plan (or of
/// the song) with a fade-out.
public enum MixPlanner {
    public static let fadeBeats = 4.0
    /// Fade bounds in seconds, whatever the tempo.
    public static let fadeRange = 1.0...6.0
    /// At least this much of each song plays outside its fades (seconds of the mix).
    static let minimumPlay = 8.0
    public static let finalFadeOut = 3.0

    public static func plan(_ playlist: Playlist, songs: [UUID: MixSong]) -> MixPlan {
        let positions = playlist.entries.indices.filter { songs[playlist.entries[$0].song.id] != nil }
        let entries = positions.map { playlist.entries[$0] }
        var parts: [MixPlan.Part] = []
        // The part being laid out: its song, rate, where its file starts playing, where in the mix, its fade-in.
        var sourceStart = 0.0, mixStart = 0.0, fadeIn = 0.0
        var alignedAt: Double? = nil
        for (index, entry) in entries.enumerated() {
            let song = songs[entry.song.id]!
            let rate = max(0.5, min(2, entry.playbackRate))
            func mixTime(_ source: Double) -> Double { mixStart + (source - sourceStart) / rate }
            guard index + 1 < entries.count else {
                // The last song: to the plan's end or its own, whichever comes first.
                let planEnd = sourceStart + max(0, playlist.planDuration - mixStart) * rate
                let end = max(sourceStart + 1, min(song.durationSeconds, max(planEnd, sourceStart + minimumPlay * rate)))
                parts.append(MixPlan.Part(songID: entry.song.id, entry: positions[index], rate: rate, sourceStart: sourceStart, sourceEnd: min(end, song.durationSeconds),
                                          mixStart: mixStart, fadeIn: fadeIn, alignedAt: alignedAt))
                break
            }
            let next = entries[index + 1], nextSong = songs[next.song.id]!
            let nextRate = max(0.5, min(2, next.playbackRate))
            let fade = fadeLength(song, rate: rate)
            // Hand over near the next entry's planned start, leaving the outgoing song enough audio for the fade's
            // second half and enough play after its own fade-in.
            let earliest = sourceStart + (fadeIn + minimumPlay) * rate
            let latest = song.durationSeconds - fade / 2 * rate
            let wanted = min(max(sourceStart + (next.start - mixStart) * rate, earliest), latest)
            let outBeat = nearest(song.beats, to: wanted, within: min(earliest, latest)...latest)
            let handOver = outBeat ?? wanted
            // The incoming song's beat: its first bar start (else beat) with room for the fade's first half before it.
            let room = fade / 2 * nextRate
            let inBeat = (nextSong.barStarts.first { $0 >= room } ?? nextSong.beats.first { $0 >= room })
            let inPoint = inBeat ?? room
            let centre = mixTime(handOver)
            parts.append(MixPlan.Part(songID: entry.song.id, entry: positions[index], rate: rate, sourceStart: sourceStart,
                                      sourceEnd: min(song.durationSeconds, handOver + fade / 2 * rate),
                                      mixStart: mixStart, fadeIn: fadeIn, alignedAt: alignedAt))
            sourceStart = inPoint - room
            mixStart = centre - fade / 2
            fadeIn = fade
            alignedAt = outBeat != nil && inBeat != nil ? centre : nil
        }
        return MixPlan(parts: parts, fadeOut: parts.isEmpty ? 0 : min(finalFadeOut, parts.last!.mixDuration / 2))
    }

    /// `fadeBeats` beats of the song as played (its median beat period over the rate), within `fadeRange`.
    static func fadeLength(_ song: MixSong, rate: Double) -> Double {
        let gaps = zip(song.beats.dropFirst(), song.beats).map { $0 - $1 }.sorted()
        guard !gaps.isEmpty else { return 3 }
        return min(fadeRange.upperBound, max(fadeRange.lowerBound, fadeBeats * gaps[gaps.count / 2] / rate))
    }

    static func nearest(_ beats: [Double], to time: Double, within range: ClosedRange<Double>) -> Double? {
        beats.filter { range.contains($0) }.min { abs($0 - time) < abs($1 - time) }
    }
}

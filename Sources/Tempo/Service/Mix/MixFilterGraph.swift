import Foundation
import Tempo

/// The ffmpeg filters that render a `MixPlan`, in two steps so that two cores share the work:
/// 1. `partFilter`, one ffmpeg per part (run side by side): the part trimmed to its stretch of the file, resampled to
///    48 kHz stereo, time-stretched with Rubber Band (`rubberband=tempo=…`: the tempo changes, the key does not; the
///    part's later tempo steps sent to it by `asendcmd` at their file times) and brought to the target loudness;
/// 2. `joinGraph` over the stretched parts (input `i` is part `i`): consecutive parts joined by equal-power crossfades
///    (`acrossfade`, quarter-sine curves) over exactly the plan's overlap, a fade-out, and a limiter at −1 dBFS so the
///    gains never clip. Its result is encoded to each format by a process of its own.
public enum MixFilterGraph {
    /// Integrated loudness every song is brought to (EBU R128; the level streaming services play at).
    public static let targetLUFS = -14.0
    /// Gain limits: a song measured far off (near silence) is not boosted without bound.
    static let gainRange = -24.0...18.0

    /// Step 1 for one part; `loudness` is its song's integrated loudness (LUFS), nil to keep its level.
    public static func partFilter(_ part: MixPlan.Part, loudness: Double?) -> String {
        let gain = loudness.map { min(gainRange.upperBound, max(gainRange.lowerBound, targetLUFS - $0)) } ?? 0
        // Silence before the file (a first beat sooner than half the fade) and after it (a fade running past its end).
        let lead = max(0, -part.sourceStart)
        return "atrim=start=\(number(max(0, part.sourceStart))):end=\(number(part.sourceEnd)),asetpts=PTS-STARTPTS,"
            + "aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
            + (lead > 0 ? "adelay=delays=\(Int((lead * 48000).rounded()))S:all=1," : "")
            + "apad,atrim=end=\(number(part.sourceEnd - part.sourceStart)),"
            + (tempoCommands(part).map { "asendcmd=c='\($0)'," } ?? "")
            + "rubberband=tempo=\(number(part.tempo.first?.rate ?? part.rate)),volume=\(number(gain))dB"
    }

    /// The part's tempo steps after the first as `asendcmd` commands ("12.5 rubberband tempo 1.02;…", times from the
    /// trimmed start), nil when it keeps one rate.
    static func tempoCommands(_ part: MixPlan.Part) -> String? {
        let later = part.tempo.dropFirst()
        guard !later.isEmpty else { return nil }
        return later.map { "\(number($0.source - part.sourceStart)) rubberband tempo \(number($0.rate))" }.joined(separator: ";")
    }

    /// Step 2 over the stretched parts, ending in `[out]`.
    public static func joinGraph(_ plan: MixPlan) -> String {
        var chains: [String] = []
        var last = "0:a"
        for (index, part) in plan.parts.enumerated().dropFirst() {
            let joined = "x\(index)"
            chains.append("[\(last)][\(index):a]acrossfade=d=\(number(part.fadeIn)):c1=qsin:c2=qsin[\(joined)]")
            last = joined
        }
        let fadeStart = max(0, plan.duration - plan.fadeOut)
        chains.append("[\(last)]afade=t=out:st=\(number(fadeStart)):d=\(number(plan.fadeOut)),alimiter=limit=0.891:level=false[out]")
        return chains.joined(separator: ";")
    }

    /// Six decimals, no exponent (ffmpeg reads plain decimals).
    static func number(_ value: Double) -> String { String(format: "%.6f", value) }
}

import Foundation
import Tempo

/// The ffmpeg filters that render a `MixPlan`, in two steps so that two cores share the work:
/// 1. `partFilter`, one ffmpeg per part (run side by side): the part trimmed to its stretch of the file, resampled to
///    48 kHz stereo, time-stretched with Rubber Band (`rubberband=tempo=…`: the tempo changes, the key does not) and
///    brought to the target loudness;
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
        return "atrim=start=\(number(part.sourceStart)):end=\(number(part.sourceEnd)),asetpts=PTS-STARTPTS,"
            + "aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
            + "rubberband=tempo=\(number(part.rate)),volume=\(number(gain))dB"
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

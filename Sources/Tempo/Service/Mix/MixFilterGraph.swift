import Foundation
import Tempo

/// The ffmpeg filter graph that renders a `MixPlan` (input `i` is part `i`'s song file):
/// each part trimmed to its stretch of the file, resampled to 48 kHz stereo, time-stretched with Rubber Band
/// (`rubberband=tempo=…`: the tempo changes, the key does not) and brought to the target loudness; consecutive parts
/// joined by equal-power crossfades (`acrossfade`, quarter-sine curves) over exactly the plan's overlap; a fade-out,
/// a limiter at −1 dBFS so the gains never clip, and one copy of the result per output.
public enum MixFilterGraph {
    /// Integrated loudness every song is brought to (EBU R128; the level streaming services play at).
    public static let targetLUFS = -14.0
    /// Gain limits: a song measured far off (near silence) is not boosted without bound.
    static let gainRange = -24.0...18.0

    /// - Parameters:
    ///   - loudness: each song's integrated loudness (LUFS) where it was measured; a song without one keeps its level.
    ///   - outputs: how many labelled outputs (`[out0]`, `[out1]`…) to split the mix into.
    public static func graph(_ plan: MixPlan, loudness: [UUID: Double], outputs: Int) -> String {
        var chains: [String] = []
        for (index, part) in plan.parts.enumerated() {
            let gain = loudness[part.songID].map { min(gainRange.upperBound, max(gainRange.lowerBound, targetLUFS - $0)) } ?? 0
            chains.append("[\(index):a]atrim=start=\(number(part.sourceStart)):end=\(number(part.sourceEnd)),asetpts=PTS-STARTPTS,"
                + "aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                + "rubberband=tempo=\(number(part.rate)),volume=\(number(gain))dB[p\(index)]")
        }
        var last = "p0"
        for (index, part) in plan.parts.enumerated().dropFirst() {
            let joined = "x\(index)"
            chains.append("[\(last)][p\(index)]acrossfade=d=\(number(part.fadeIn)):c1=qsin:c2=qsin[\(joined)]")
            last = joined
        }
        let fadeStart = max(0, plan.duration - plan.fadeOut)
        let labels = (0..<outputs).map { "[out\($0)]" }.joined()
        chains.append("[\(last)]afade=t=out:st=\(number(fadeStart)):d=\(number(plan.fadeOut)),"
            + "alimiter=limit=0.891:level=false,asplit=\(outputs)\(labels)")
        return chains.joined(separator: ";")
    }

    /// Six decimals, no exponent (ffmpeg reads plain decimals).
    static func number(_ value: Double) -> String { String(format: "%.6f", value) }
}

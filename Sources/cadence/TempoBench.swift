import ArgumentParser
import AudioAnalysis
import Foundation
import Tempo

/// The issue's Tempo figures, in one run: accuracy over the generated corpus (Acc1: within
/// ±4% of the label; Acc2: also at ×2, ×½, ×3, ×⅓), CPU seconds per 4-minute track after
/// decode, librosa's beat_track on the same files as the reference, and the playlist
/// planner on a 60-minute plan over a 10,000-song library.
struct TempoBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tempo",
        abstract: "Tempo estimation accuracy and speed against librosa, and the playlist planner's time.",
        discussion: """
            Make the corpus first: python e2e/corpus/make_songs.py DIR (needs fluidsynth and fluid-soundfont-gm). \
            librosa runs through --python with e2e/bench/tempo_librosa.py (the test virtualenv has it).
            """)

    @Option(help: "A corpus folder with manifest.json (from e2e/corpus/make_songs.py).") var corpus: String
    @Option(help: "Python with librosa, for the reference (default: .venv/bin/python if present).") var python: String?
    @Option(help: "Planner runs to time.") var plannerRuns: Int = 30

    struct Item: Decodable {
        let file: String
        let bpm: Double
        let style: String
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: corpus)
        let manifest: [Item]
        do {
            manifest = try JSONDecoder().decode([Item].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        } catch {
            throw CLIError("no readable manifest.json in \(corpus); make the corpus with e2e/corpus/make_songs.py")
        }
        var acc1 = 0, acc2 = 0
        var secondsPer4Min: [Double] = []
        var misses: [String] = []
        for item in manifest {
            let audio = try await AudioFileDecoder.decode(fileURL: folder.appendingPathComponent(item.file))
            var cpu = CPUTime()
            let estimate = TempoEstimator().estimate(audio)
            secondsPer4Min.append(cpu.lap() * 240 / max(1, audio.duration))
            let (first, second) = Self.score(estimate.bpm, label: item.bpm)
            acc1 += first ? 1 : 0
            acc2 += second ? 1 : 0
            if !first { misses.append("\(item.file): \(String(format: "%.1f", estimate.bpm)) for \(item.bpm)") }
        }
        secondsPer4Min.sort()
        let mean = secondsPer4Min.reduce(0, +) / Double(secondsPer4Min.count)
        print("cadence bench tempo — \(manifest.count) corpus tracks, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print(String(format: "Cadence estimator: Acc1 %.1f%%, Acc2 %.1f%%, %.3f s CPU per 4-minute track after decode (median %.3f)",
                     100 * Double(acc1) / Double(manifest.count), 100 * Double(acc2) / Double(manifest.count), mean,
                     secondsPer4Min[secondsPer4Min.count / 2]))
        if let reference = try librosa() {
            print(String(format: "librosa beat_track (reference): Acc1 %.1f%%, Acc2 %.1f%%, %.3f s per 4-minute track; Cadence is %.1f× as fast",
                         reference.acc1 * 100, reference.acc2 * 100, reference.secondsPer4min, reference.secondsPer4min / mean))
        } else {
            print("librosa reference: skipped (no Python with librosa; pass --python)")
        }
        try plannerTime()
        if !misses.isEmpty { print("Acc1 misses: " + misses.joined(separator: "; ")) }
        print("targets: Acc1 ≥ 95%, Acc2 ≥ 99%, ≤ 0.25 s per 4-minute track and faster than librosa; planner ≤ 50 ms")
    }

    static func score(_ estimate: Double, label: Double) -> (Bool, Bool) {
        func within(_ target: Double) -> Bool { abs(estimate - target) <= 0.04 * target }
        return (within(label), [1, 2, 0.5, 3, 1.0 / 3].contains { within(label * $0) })
    }

    struct LibrosaSummary: Decodable {
        let acc1: Double
        let acc2: Double
        let secondsPer4min: Double
    }

    private func librosa() throws -> LibrosaSummary? {
        let interpreter = python ?? (FileManager.default.isExecutableFile(atPath: ".venv/bin/python") ? ".venv/bin/python" : nil)
        let script = "e2e/bench/tempo_librosa.py"
        guard let interpreter, FileManager.default.fileExists(atPath: script) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = [script, corpus, "--json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try? JSONDecoder().decode(LibrosaSummary.self, from: data)
    }

    /// 10 min warm-up, 6 × (2 min sprint + 3 min easy), 20 min cool-down over 10,000 generated songs.
    private func plannerTime() throws {
        var random = SeededRandom(seed: 7)
        let library = try (0..<10_000).map { index in
            try Song(title: "Song \(index)", bpm: random.uniform(60, 200), durationSeconds: random.uniform(120, 360))
        }
        let plan = try WorkoutPlan(name: "Bench", steps: [
            .interval(.minutes(10, "Warm-up", .zone(2))),
            .repeat(count: 6, steps: [.interval(.minutes(2, "Sprint", .zone(5))), .interval(.minutes(3, "Easy", .zone(2)))]),
            .interval(.minutes(20, "Cool-down", .zone(1))),
        ])
        var times: [Double] = []
        var entries = 0
        for _ in 0..<plannerRuns {
            let start = ContinuousClock.now
            entries = try PlaylistPlanner(plan: plan, library: library).plan().entries.count
            times.append((ContinuousClock.now - start).milliseconds)
        }
        times.sort()
        print(String(format: "playlist planner, 60-minute plan over 10,000 songs: median %.1f ms, p99 %.1f ms (%d songs chosen, %d runs)",
                     times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)], entries, times.count))
    }
}

import ArgumentParser
import AudioAnalysis
import CadenceCore
import Foundation
import PlatformStorage
import Storage
import TempoService
import TempoStorage

/// `cadence tempo analyse FILE`: the tempo of one file, as the library would find it.
struct TempoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tempo", abstract: Terminal.messages("cli.help.tempo.abstract"), subcommands: [Analyse.self])

    struct Analyse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "analyse", abstract: Terminal.messages("cli.help.tempo.analyse.abstract"),
            aliases: ["analyze"])

        @Argument(help: ArgumentHelp(Terminal.messages("cli.help.tempo.analyse.file"))) var file: String
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.tempo.analyse.json"))) var json = false
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.tempo.analyse.beats"))) var beats = false

        func run() async throws {
            let url = URL(fileURLWithPath: file)
            guard FileManager.default.fileExists(atPath: url.path) else { throw CLIError(key: "cli.file.missing", ["file": file]) }
            let audio: AudioBuffer
            do {
                audio = try await AudioFileDecoder.decode(fileURL: url)
            } catch let error as AudioDecodeError {
                throw CLIError(error.message)
            }
            let rhythm = TempoEstimator().analyse(audio)
            let estimate = rhythm.tempo
            let round = { (value: Double) in (value * 10).rounded() / 10 }
            let milliseconds = { (value: Double) in (value * 1000).rounded() / 1000 }
            if json {
                var object: [String: Any] = ["bpm": round(estimate.bpm), "confidence": (estimate.confidence * 100).rounded() / 100,
                                             "alternatives": estimate.alternatives.map(round)]
                if beats {
                    object["beats"] = rhythm.beats.times.map(milliseconds)
                    object["downbeat"] = rhythm.beats.downbeat ?? NSNull()
                }
                print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
            } else if estimate.bpm > 0 {
                print(Terminal.messages("cli.tempo.estimate", [
                    "bpm": String(format: "%.1f", estimate.bpm), "confidence": String(format: "%.2f", estimate.confidence),
                    "alternatives": estimate.alternatives.map { String(format: "%.1f", $0) }.joined(separator: ", "),
                ]))
                if beats {
                    let bars = rhythm.beats.barStarts
                    let times = rhythm.beats.times.map { String(format: "%.3f", $0) }.joined(separator: " ")
                    print(Terminal.messages("cli.tempo.beats", ["count": String(rhythm.beats.times.count), "times": times]))
                    print(bars.isEmpty ? Terminal.messages("cli.tempo.no_downbeat")
                        : Terminal.messages("cli.tempo.bars", ["times": bars.map { String(format: "%.3f", $0) }.joined(separator: " ")]))
                }
            } else {
                print(Terminal.messages("cli.tempo.no_beat", ["file": url.lastPathComponent]))
            }
        }
    }
}

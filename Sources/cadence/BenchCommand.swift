import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure Cadence's speed on this machine.",
        subcommands: [HTTPBench.self, LiveBench.self, StageBench.self, SpotsBench.self, CalDAVBench.self, TempoBench.self, RunBench.self, PushBench.self, CueBench.self, MediaBench.self, BootBench.self])
}

import Foundation
import FuzzTargets
import Testing

/// The fuzz targets' smoke run, on every test run: each seed of each target (Fuzz/corpus and the fixtures
/// `scripts/fuzz` seeds from) and a few thousand mutations of them — bytes flipped, cut, repeated, spliced, from a
/// fixed seed so a failure comes back the same — go through the parser. A crash fails the whole run (as it would
/// stop the server); coverage-guided fuzzing for longer is `scripts/fuzz`.
@Suite(.timeLimit(.minutes(5))) struct FuzzSmokeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let seedFolders: [String: [String]] = [
        "ical": ["Fuzz/corpus/ical", "Tests/SpotsTests/Fixtures"],
        "rrule": ["Fuzz/corpus/rrule"],
        "runfile": ["Fuzz/corpus/runfile", "Tests/TempoTests/Files/Fixtures", "Tests/TempoTests/Files/Fixtures/gpxpy"],
        "dav": ["Fuzz/corpus/dav"],
        "safexml": ["Fuzz/corpus/safexml"],
        "multipart": ["Fuzz/corpus/multipart"],
        "picture": ["Fuzz/corpus/picture"],
        "live": ["Fuzz/corpus/live"],
        "deck": ["Fuzz/corpus/deck"],
    ]

    static func seeds(_ target: String) -> [Data] {
        (seedFolders[target] ?? []).flatMap { folder -> [Data] in
            let url = root.appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isRegularFileKey])) ?? []
            return files.filter { !["md", "json", "txt"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
                .compactMap { try? Data(contentsOf: $0) }
        }
    }

    static func lastInput(_ target: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cadence-fuzz-smoke-\(target).input")
    }

    /// A small deterministic generator (SplitMix64).
    struct Mutator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
        }

        mutating func mutate(_ input: Data, splice other: Data) -> Data {
            var bytes = [UInt8](input)
            let interesting: [UInt8] = [0, 0x0A, 0x0D, 0x3A, 0x3B, 0x3C, 0x3E, 0x2C, 0x3D, 0x22, 0x26, 0x2D, 0x39, 0xFF, 0xC3, 0x80]
            for _ in 0..<(1 + next(4)) {
                let at = bytes.isEmpty ? 0 : next(bytes.count)
                switch next(6) {
                case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1 << next(8))
                case 1: bytes.insert(interesting[next(interesting.count)], at: min(at, bytes.count))
                case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + next(16)))
                case 3 where !bytes.isEmpty:
                    let piece = bytes[at..<min(bytes.count, at + 1 + next(64))]
                    bytes.insert(contentsOf: Array(repeating: Array(piece), count: 1 + next(8)).joined(), at: at)
                case 4 where !other.isEmpty:
                    let from = next(other.count)
                    bytes.insert(contentsOf: other[other.startIndex + from..<other.startIndex + min(other.count, from + 1 + next(256))],
                                 at: min(at, bytes.count))
                default: if !bytes.isEmpty { bytes[at] = interesting[next(interesting.count)] }
                }
            }
            return Data(bytes)
        }
    }

    @Test(arguments: ["ical", "rrule", "runfile", "dav", "safexml", "multipart", "picture", "live", "deck"])
    func everySeedAndThousandsOfMutationsGoThroughWithoutACrash(target: String) throws {
        let parse = try #require(FuzzTargets.all[target])
        let seeds = Self.seeds(target)
        #expect(seeds.count >= 3, "the \(target) corpus has its seeds")
        for seed in seeds { parse(seed) }
        var mutator = Mutator(state: 35)
        let rounds = target == "runfile" ? 1500 : 4000
        defer { try? FileManager.default.removeItem(at: Self.lastInput(target)) }
        for _ in 0..<rounds {
            let seed = seeds[mutator.next(seeds.count)]
            let input = mutator.mutate(seed, splice: seeds[mutator.next(seeds.count)])
            // Kept until it has gone through: after a crash, the input that caused it is here to replay.
            try input.write(to: Self.lastInput(target))
            parse(input)
        }
    }
}

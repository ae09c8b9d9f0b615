import Geo
import Foundation
import Testing
@testable import Spots

private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite(.timeLimit(.minutes(5))) struct FenceIndexTests {
    /// Regions that stress the grid: ordinary, both sides of the antimeridian, high
    /// latitudes and both poles.
    private static let regions: [(lat: ClosedRange<Double>, lon: ClosedRange<Double>)] = [
        (45...46, 5...6.5),
        (-30...30, 179...180), (-30...30, -180 ... -179),
        (70...90, -180...180), (88...90, -180...180), (-90 ... -87, -180...180),
        (64...66, 179.5...180),
    ]

    private func point(_ rng: inout SeededRandom) -> Coordinate {
        let region = Self.regions.randomElement(using: &rng)!
        return try! Coordinate(latitude: .random(in: region.lat, using: &rng), longitude: .random(in: region.lon, using: &rng))
    }

    private func fences(_ n: Int, _ rng: inout SeededRandom) -> [Fence] {
        (0..<n).map { _ in
            let radius = exp(Double.random(in: log(50.0)...log(50_000.0), using: &rng))
            return try! Fence(id: UUID(), center: point(&rng), radius: radius)
        }
    }

    private func ids(_ fences: [Fence]) -> Set<UUID> { Set(fences.map(\.id)) }

    @Test func containingEqualsBruteForce() {
        var rng = SeededRandom(state: 7)
        let all = fences(2_000, &rng)
        let index = FenceIndex(all)
        #expect(index.count == 2_000)
        var nonEmpty = 0, mismatches = 0
        for i in 0..<3_000 {
            // Half the points right next to a fence centre so that many are hits.
            let p: Coordinate
            if i % 2 == 0 {
                let f = all.randomElement(using: &rng)!
                p = Geo.destination(from: f.center, bearingDegrees: .random(in: 0..<360, using: &rng),
                                    distance: f.radius * .random(in: 0.5...1.5, using: &rng))
            } else {
                p = point(&rng)
            }
            let margin = [0.0, 20, 150, 2_000, 60_000].randomElement(using: &rng)!
            let expected = ids(all.filter { $0.contains(p, margin: margin) })
            let got = index.containing(p, margin: margin)
            let candidates = index.candidates(near: p, margin: margin)
            if ids(got) != expected || got.count != expected.count
                || !ids(candidates).isSuperset(of: expected) || candidates.count != ids(candidates).count
            {
                mismatches += 1
                Issue.record("point \(p.latitude),\(p.longitude) margin \(margin): \(got.count) vs \(expected.count)")
            }
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(mismatches == 0)
        #expect(nonEmpty > 1_000)
    }

    @Test func candidatesAreFewComparedToAllFences() {
        var rng = SeededRandom(state: 11)
        let all = (0..<5_000).map { _ in
            try! Fence(id: UUID(), center: Coordinate(latitude: .random(in: 45...47, using: &rng),
                                                       longitude: .random(in: 5...8, using: &rng)))
        }
        let index = FenceIndex(all)
        let p = try! Coordinate(latitude: 46, longitude: 6.5)
        #expect(index.candidates(near: p, margin: 20).count < 50)
    }

    @Test func antimeridianAndPole() throws {
        let east = try Fence(id: UUID(), center: Coordinate(latitude: 0, longitude: 179.9995), radius: 500)
        let pole = try Fence(id: UUID(), center: Coordinate(latitude: 89.9995, longitude: 40), radius: 1_000)
        let index = FenceIndex([east, pole])
        #expect(index.containing(try Coordinate(latitude: 0, longitude: -179.999)).map(\.id) == [east.id])
        #expect(index.containing(try Coordinate(latitude: 0, longitude: 180)).map(\.id) == [east.id])
        #expect(index.containing(try Coordinate(latitude: 90, longitude: 0)).map(\.id) == [pole.id])
        #expect(index.containing(try Coordinate(latitude: 89.999, longitude: -140)).map(\.id) == [pole.id])
        #expect(index.containing(try Coordinate(latitude: 0, longitude: -179.99)).isEmpty)
    }

    @Test func insertRemoveAndReplace() throws {
        var rng = SeededRandom(state: 3)
        var all = fences(1_000, &rng)
        var index = FenceIndex(all)
        for f in all.prefix(500) { index.remove(id: f.id) }
        index.remove(id: UUID())   // unknown id: no-op
        all.removeFirst(500)
        #expect(index.count == 500)

        // Replacing by id moves the fence.
        var moved = all[0]
        moved.center = try Coordinate(latitude: 10, longitude: 10)
        index.insert(moved)
        all[0] = moved
        #expect(index.count == 500)
        #expect(index.fence(id: moved.id) == moved)
        #expect(index.containing(try Coordinate(latitude: 10, longitude: 10)).map(\.id) == [moved.id])

        // Slots freed by removal are reused.
        let extra = fences(300, &rng)
        for f in extra { index.insert(f) }
        all += extra
        #expect(index.count == 800)
        #expect(ids(index.fences) == ids(all))
        for _ in 0..<2_000 {
            let p = point(&rng)
            #expect(ids(index.containing(p, margin: 100)) == ids(all.filter { $0.contains(p, margin: 100) }))
        }
        for f in all { index.remove(id: f.id) }
        #expect(index.count == 0)
        #expect(index.containing(try Coordinate(latitude: 10, longitude: 10), margin: 1_000_000).isEmpty)
    }
}

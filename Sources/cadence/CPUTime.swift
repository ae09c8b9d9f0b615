import ArgumentParser
import Foundation
import Spots
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// This process's CPU time, for per-core rates on a shared machine.
struct CPUTime {
    private var start = Double(clock()) / Double(CLOCKS_PER_SEC)
    mutating func lap() -> Double {
        let now = Double(clock()) / Double(CLOCKS_PER_SEC)
        defer { start = now }
        return max(now - start, 1e-9)
    }
}

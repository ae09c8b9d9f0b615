import ArgumentParser
import Foundation
import HummingbirdWSClient
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Counts hellos and device.find deliveries, and their latency from the server's `at`.
final class DeliveryCollector: Sendable {
    private struct State {
        var hellos = 0
        var deliveries = 0
        var measuring = false
        var latencies: [Double] = []
        var failures = 0
        var firstFailure: String?
    }
    private let state = Mutex(State())

    var hellos: Int { state.withLock { $0.hellos } }
    var deliveries: Int { state.withLock { $0.deliveries } }
    var latencies: [Double] { state.withLock { $0.latencies } }

    var failures: Int { state.withLock { $0.failures } }
    var firstFailure: String? { state.withLock { $0.firstFailure } }

    func startMeasuring() { state.withLock { $0.measuring = true } }

    func failed(_ error: String) {
        state.withLock { state in
            state.failures += 1
            if state.firstFailure == nil { state.firstFailure = error }
        }
    }

    func receive(_ text: String) {
        let now = Date().timeIntervalSince1970 * 1000
        if text.hasPrefix(#"{"type":"hello""#) {
            state.withLock { $0.hellos += 1 }
            return
        }
        guard text.contains(#""type":"device.find""#),
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let at = object["at"] as? Double
        else { return }
        state.withLock { state in
            guard state.measuring else { return }
            state.deliveries += 1
            state.latencies.append(now - at)
        }
    }
}

import Foundation
import Logging
import HummingbirdWSClient
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a bench's socket has seen; `wait` resumes the moment the expected event arrives.
final class LiveWatcher: Sendable {
    let eventType: String

    init(eventType: String) { self.eventType = eventType }

    private struct State {
        var connected = false
        var expected: String?
        var arrived = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    var connected: Bool { state.withLock { $0.connected } }

    /// Connects to the live channel as the account (as a display or a phone would) and feeds
    /// this watcher; returns once the server said hello. Cancel the task to disconnect.
    func listen(port: Int, token: String) async throws -> Task<Void, any Error> {
        let logger = Logger(label: "bench.socket", factory: { _ in SwiftLogNoOpLogHandler() })
        let socket = Task {
            _ = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/api/v1/live",
                configuration: .init(additionalHeaders: [.authorization: "Bearer \(token)"]), logger: logger
            ) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message { self.receive(text) }
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !connected {
            guard ContinuousClock.now < deadline else {
                socket.cancel()
                throw CLIError("the live channel did not answer within 10 s")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return socket
    }

    /// The next event of the type whose text contains `text` (an id) counts as arrived.
    func expect(containing text: String = "") { state.withLock { $0.expected = text; $0.arrived = false } }

    func receive(_ text: String) {
        if text.hasPrefix(#"{"type":"hello""#) { state.withLock { $0.connected = true } }
        guard text.contains("\"type\":\"\(eventType)\"") else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let expected = state.expected, expected.isEmpty || text.contains(expected) else { return nil }
            state.arrived = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait(timeout: Duration) async throws {
        let timer = Task {
            try await Task.sleep(for: timeout)
            state.withLock { state -> CheckedContinuation<Void, Never>? in defer { state.waiter = nil }; return state.waiter }?.resume()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.arrived { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        guard state.withLock({ $0.arrived }) else { throw CLIError("no \(eventType) event arrived within \(timeout)") }
    }
}

import ServiceLifecycle
import UnixSignals

/// Looks at the certificate files every few seconds and at once on SIGHUP (what `systemctl reload` and certbot's
/// deploy hooks send), and swaps in a renewed pair (`ReloadingTLSContext`).
struct TLSReloadService: Service {
    let context: ReloadingTLSContext
    var interval: Duration = .seconds(5)

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in await UnixSignalsSequence(trapping: .sighup) { context.reloadIfChanged(force: true) }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    context.reloadIfChanged()
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}

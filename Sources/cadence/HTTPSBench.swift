import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `cadence bench http --tls`: the same authenticated read over Cadence's own TLS and through Caddy terminating
/// TLS in front of plain Cadence (when Debian's `caddy` is installed), beside plain HTTP measured in the same run;
/// and new TLS connections per second (every request on a new connection) for both.
struct HTTPSBench {
    let wrk: String
    let dataDir: URL
    let serverArguments: [String]
    let token: String
    let connections: Int
    let threads: Int
    let duration: Int

    struct Row {
        let name: String
        let run: WrkRun
    }

    func run() async throws -> [Row] {
        let folder = dataDir.appendingPathComponent("bench-tls", isDirectory: true)
        let (certificate, key) = try BenchCertificate.write(in: folder)

        var rows: [Row] = []
        let port = try BenchServer.freePort()
        let tlsServer = try await BenchServer.start(
            arguments: serverArguments + ["--tls-cert", certificate.path, "--tls-key", key.path], port: port, probe: .listening)
        rows.append(Row(name: "auth/me, Cadence TLS", run: try measure("https://127.0.0.1:\(port)/api/v1/auth/me")))
        rows.append(Row(name: "new TLS conn., Cadence", run: try measure("https://127.0.0.1:\(port)/healthz", newConnections: true)))
        tlsServer.stop()

        guard let caddy = Executables.find("caddy") else {
            print("caddy is not installed (apt-get install caddy): no Caddy rows")
            return rows
        }
        let upstreamPort = try BenchServer.freePort()
        let upstream = try await BenchServer.start(arguments: serverArguments + ["--trusted-proxy", "127.0.0.1"], port: upstreamPort)
        defer { upstream.stop() }
        let caddyPort = try BenchServer.freePort()
        let proxy = try startCaddy(caddy, folder: folder, port: caddyPort, upstream: upstreamPort, certificate: certificate, key: key)
        defer {
            proxy.terminate()
            proxy.waitUntilExit()
        }
        try await BenchServer.waitUntilListening(port: caddyPort, while: proxy)
        rows.append(Row(name: "auth/me, Caddy TLS → HTTP", run: try measure("https://127.0.0.1:\(caddyPort)/api/v1/auth/me")))
        rows.append(Row(name: "new TLS conn., Caddy", run: try measure("https://127.0.0.1:\(caddyPort)/healthz", newConnections: true)))
        return rows
    }

    private func measure(_ url: String, newConnections: Bool = false) throws -> WrkRun {
        var headers = ["Authorization: Bearer \(token)"]
        if newConnections { headers.append("Connection: close") }
        return try WrkRun.run(wrk: wrk, url: url, headers: headers, connections: connections, threads: threads, seconds: duration)
    }

    /// Caddy with the same certificate Cadence served (so both do the same handshake), proxying to plain Cadence.
    private func startCaddy(_ caddy: String, folder: URL, port: Int, upstream: Int, certificate: URL, key: URL) throws -> Process {
        let config = folder.appendingPathComponent("Caddyfile")
        let text = """
        {
        \tadmin off
        \tauto_https disable_redirects
        \tskip_install_trust
        \tlog {
        \t\tlevel ERROR
        \t}
        }
        https://127.0.0.1:\(port), https://localhost:\(port) {
        \ttls \(certificate.path) \(key.path)
        \treverse_proxy 127.0.0.1:\(upstream)
        }

        """
        try Data(text.utf8).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: caddy)
        process.arguments = ["run", "--config", config.path, "--adapter", "caddyfile"]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

import AsyncHTTPClient
import Foundation
import NIOFoundationCompat
import Logging
import HummingbirdWSClient
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `cadence serve` child process, started from this same executable.
struct BenchServer {
    let process: Process
    let port: Int
    /// Served over HTTPS (`--tls-cert`): setup requests go through `BenchCertificate.client`.
    var tls = false

    /// How to tell the server is up: its /healthz over plain HTTP, or (for HTTPS with a certificate this process
    /// does not trust) that its port accepts connections.
    enum Probe { case health, listening }

    static func start(arguments: [String], port: Int, probe: Probe = .health) async throws -> BenchServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? "/proc/self/exe")
        // Every benchmark client connects from this machine: one address, so no per-address cap.
        process.arguments = arguments + ["--port", String(port), "--max-connections-per-address", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["LOG_LEVEL"] = "warning"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let server = BenchServer(process: process, port: port)
        do {
            switch probe {
            case .health: try await server.waitForHealth()
            case .listening: try await waitUntilListening(port: port, while: process)
            }
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// A port nothing listens on now: bind to port 0, read what the kernel chose, let go.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CLIError("cannot open a socket to find a free port") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw CLIError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until something accepts connections on `port`, while `process` runs.
    static func waitUntilListening(port: Int, while process: Process) async throws {
        for _ in 0..<5000 {
            if !process.isRunning { throw CLIError("\(process.executableURL?.lastPathComponent ?? "the server") exited with status \(process.terminationStatus)") }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw CLIError("nothing listened on port \(port)")
    }

    func waitForHealth() async throws {
        let url = URL(string: "http://127.0.0.1:\(port)/healthz")!
        for _ in 0..<5000 {
            if !process.isRunning { throw CLIError("the server exited with status \(process.terminationStatus) before answering") }
            if let (_, response) = try? await URLSession.shared.data(from: url),
               (response as? HTTPURLResponse)?.statusCode == 200 { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw CLIError("the server never answered /healthz")
    }

    func registerBenchUser() async throws -> String {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v1/auth/register")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"email":"bench-\#(UUID().uuidString.lowercased())@example.org","displayName":"Bench","password":"bench-password-1"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201,
              let body = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let token = body["token"] as? String
        else { throw CLIError("registering the bench user failed: \(String(decoding: data, as: UTF8.self))") }
        return token
    }

    /// Registers an account and pairs one device to it; returns the person's token and the device id.
    func accountWithDevice() async throws -> (token: String, deviceID: String) {
        let registered = try await post("/api/v1/auth/register", [
            "email": "bench-\(UUID().uuidString.lowercased())@example.org", "displayName": "Bench", "password": "bench-password-1",
        ])
        guard let token = registered["token"] as? String else { throw CLIError("registering failed: \(registered)") }
        let pairing = try await post("/api/v1/devices/pairings", [:], token: token)
        guard let code = pairing["code"] as? String else { throw CLIError("pairing failed: \(pairing)") }
        let paired = try await post("/api/v1/devices/pair", ["code": code, "role": "watch", "name": "Bench watch"])
        guard let device = paired["device"] as? [String: Any], let id = device["id"] as? String else {
            throw CLIError("pairing failed: \(paired)")
        }
        return (token, id)
    }

    func find(token: String, deviceID: String) async throws {
        _ = try await post("/api/v1/live/commands", [
            "id": UUID().uuidString, "type": "device.find", "data": ["deviceId": deviceID],
        ], token: token)
    }

    func post(_ path: String, _ body: [String: Any], token: String? = nil) async throws -> [String: Any] {
        try await send("POST", path, body, token: token)
    }

    func send(_ method: String, _ path: String, _ body: [String: Any], token: String? = nil) async throws -> [String: Any] {
        if tls {
            var request = HTTPClientRequest(url: "https://127.0.0.1:\(port)\(path)")
            request.method = .init(rawValue: method)
            request.headers.add(name: "Content-Type", value: "application/json")
            if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            request.body = .bytes(try JSONSerialization.data(withJSONObject: body))
            let response = try await BenchCertificate.client.execute(request, timeout: .seconds(30))
            let data = Data(buffer: try await response.body.collect(upTo: 1 << 20))
            return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// The server process's resident memory, from /proc.
    func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

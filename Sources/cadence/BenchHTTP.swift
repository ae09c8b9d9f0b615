import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A tiny authenticated HTTP client over URLSession, for the benches.
struct BenchHTTP: Sendable {
    let port: Int
    let token: String

    func send(_ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json") async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    func json(_ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json", expect: Int = 200) async throws -> [String: Any] {
        let (status, data) = try await send(method, path, body: body, contentType: contentType)
        guard status == expect else { throw CLIError("\(method) \(path) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))") }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Milliseconds for one request that must succeed.
    func timed(_ method: String, _ path: String, body: Data? = nil) async throws -> Double {
        let start = ContinuousClock.now
        let (status, data) = try await send(method, path, body: body)
        guard (200..<300).contains(status) else { throw CLIError("\(method) \(path) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))") }
        return (ContinuousClock.now - start).milliseconds
    }
}

import CadenceCore
import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 41's figure: a task list change saved → the WebDAV-Push message at the calendar app's push service, against
/// the save's own round trip and the polling it replaces.
extension PushBench {
    struct CalendarPushFigures {
        /// Request sent → push arrived, per change (an upper bound on "saved → pushed": the request is included).
        var pushed: [Double]
        /// Request sent → response read: the save alone, the reference.
        var saved: [Double]
    }

    /// A calendar app registers on the Reminders list through CalDAV (as DAVx5 does); then `alerts` reminders are
    /// made through the API one at a time, each waiting for its push.
    func calendarPushLatencies(receiver: BenchPushReceiver, base: String) async throws -> CalendarPushFigures {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try await BenchServer.start(
            arguments: ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10", "--allow-local-push-services"],
            port: try BenchServer.freePort())
        defer { server.stop() }
        let token = try await server.registerBenchUser()
        let made = try await server.post("/api/v1/devices/app-passwords", ["name": "DAVx5"], token: token)
        guard let username = made["username"] as? String, let password = made["password"] as? String else {
            throw CLIError("making an app password failed: \(made)")
        }
        let client = P256.KeyAgreement.PrivateKey()
        let registerBody = """
            <?xml version="1.0" encoding="UTF-8"?><P:push-register xmlns:P="https://bitfire.at/webdav-push"><P:subscription>\
            <P:web-push-subscription><P:push-resource>\(base)/push/calendar</P:push-resource>\
            <P:subscription-public-key type="p256dh">\(Base64URL.encode(client.publicKey.x963Representation))</P:subscription-public-key>\
            <P:auth-secret>\(Base64URL.encode(Data(count: 16)))</P:auth-secret></P:web-push-subscription></P:subscription></P:push-register>
            """
        var register = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/dav/calendars/reminders/")!)
        register.httpMethod = "POST"
        register.setValue("Basic " + Data("\(username):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        register.setValue("application/xml; charset=UTF-8", forHTTPHeaderField: "Content-Type")
        register.httpBody = Data(registerBody.utf8)
        let (answer, response) = try await URLSession.shared.data(for: register)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else {
            throw CLIError("registering for WebDAV-Push failed: \(String(decoding: answer, as: UTF8.self))")
        }

        var figures = CalendarPushFigures(pushed: [], saved: [])
        for index in 0..<alerts {
            let before = receiver.count
            let sent = ContinuousClock.now
            let saved = try await server.post("/api/v1/spots/reminders", ["title": "Bench change \(index)"], token: token)
            guard saved["id"] != nil else { throw CLIError("saving a reminder failed: \(saved)") }
            let answered = ContinuousClock.now
            let arrived = try await receiver.waitForCount(before + 1)
            figures.pushed.append((arrived - sent).milliseconds)
            figures.saved.append((answered - sent).milliseconds)
        }
        figures.pushed.sort()
        figures.saved.sort()
        return figures
    }
}

import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PlatformService
import Server
import Storage
import Web

/// Helpers for the Spots API tests: dates as the API writes them, points at a known
/// distance from a place, calendar uploads, and servers that share one database.
enum SpotsFixture {
    /// The API's date format: ISO 8601 in UTC, no fractional seconds.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func date(_ text: Any?) -> Date? {
        guard let text = text as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// A task export from `Tests/SpotsTests/Fixtures` (what each is: the README there), as written.
    static func export(_ name: String) throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: tests.appendingPathComponent("SpotsTests/Fixtures/\(name)"), encoding: .utf8)
    }

    /// Metres per degree of latitude on Cadence's spherical Earth (radius 6,371,008.8 m).
    static let metresPerDegree = 6_371_008.8 * .pi / 180

    /// A point `metres` due north of (latitude, longitude).
    static func north(of latitude: Double, _ longitude: Double, metres: Double) -> (latitude: Double, longitude: Double) {
        (latitude + metres / metresPerDegree, longitude)
    }

    /// `{"reports":[…]}` for `POST /api/v1/spots/locations`.
    static func reports(_ fixes: [(latitude: Double, longitude: Double, accuracy: Double, at: Date)]) -> String {
        let items = fixes.map { fix in
            #"{"latitude":\#(fix.latitude),"longitude":\#(fix.longitude),"accuracy":\#(fix.accuracy),"at":\#(Int64((fix.at.timeIntervalSince1970 * 1000).rounded()))}"#
        }
        return #"{"reports":[\#(items.joined(separator: ","))]}"#
    }

    static func placeReminder(title: String, name: String, latitude: Double, longitude: Double,
                              radius: Double = 150, trigger: String = "arrive") -> String {
        #"{"title":"\#(title)","place":{"name":"\#(name)","latitude":\#(latitude),"longitude":\#(longitude),"radius":\#(radius),"trigger":"\#(trigger)"}}"#
    }

    /// Basic credentials the way OwnTracks sends them: any user name, the device token as the password.
    static func basic(user: String = "ann", password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

extension TestClientProtocol {
    /// Creates a reminder and returns its JSON, failing the test when the server refuses.
    func createReminder(_ body: String, token: String) async throws -> [String: Any] {
        let response = try await json(.post, "/api/v1/spots/reminders", body: body, token: token)
        guard response.status == .created, response.object["id"] is String else {
            throw TestFailure("creating a reminder failed: \(response.status) \(response.text)")
        }
        return response.object
    }

    func spotsEvents(_ id: String, token: String) async throws -> [[String: Any]] {
        let response = try await json(.get, "/api/v1/spots/reminders/\(id)/events", token: token)
        guard response.status == .ok else { throw TestFailure("events failed: \(response.status) \(response.text)") }
        return response.array
    }

    /// Sends a raw body with the given content type (iCalendar files, OwnTracks messages).
    func upload(_ method: HTTPRequest.Method = .post, _ uri: String, body: ByteBuffer, contentType: String?,
                authorization: String?) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        if let authorization { headers[.authorization] = authorization }
        return try await execute(uri: uri, method: method, headers: headers, body: body)
    }

    func importCalendar(_ text: String, token: String, contentType: String = "text/calendar; charset=utf-8") async throws -> TestResponse {
        try await upload(.post, "/api/v1/spots/import", body: ByteBuffer(string: text), contentType: contentType,
                         authorization: "Bearer \(token)")
    }
}

extension LiveReader {
    /// The types of the messages that arrive before the first one of `type` (which is read too).
    mutating func types(before type: String) async throws -> [String] {
        var seen: [String] = []
        for _ in 0..<200 {
            let message = try await next()
            let kind = message["type"] as? String ?? "?"
            if kind == type { return seen }
            seen.append(kind)
        }
        throw TestFailure("no \(type) message; saw \(seen)")
    }
}

/// Servers of the real app over a database and clock the test controls, so one test can
/// stop a server and start another on the same data (a restart), or run two at once.
enum SpotsServers {
    static func application(_ database: Database, clock: TestClock, live: Bool) async throws
        -> Application<RouterResponder<AppContext>>
    {
        var logger = Logger(label: "test.spots")
        logger.logLevel = .warning
        let dependencies = ServerDependencies(
            database: database, mailer: RecordingMailer(), clock: clock, passwordHasher: PasswordHasher(cost: 4),
            publicURL: "http://cadence.test", logger: logger)
        let server = try await assembleServer(dependencies)
        return Application(router: server.router, server: webSocketServer(server.router),
                           configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                           services: live ? server.services : [], logger: logger)
    }

    /// Runs `body` against a server on `database`; with `live` its background services
    /// (the time-alert scheduler) run for as long as the body does.
    static func run(_ database: Database, clock: TestClock, live: Bool,
                    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = try await application(database, clock: clock, live: live)
        try await app.test(live ? .live : .router) { client in try await body(client) }
    }
}

/// Polls `condition` every 100 ms until it holds or `seconds` pass.
func eventually(_ seconds: Double = 10, _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(100))
    }
    return try await condition()
}

/// Report times that move forward by a step each time (fix times must increase per device).
final class ReportTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private let step: TimeInterval
    init(from start: Date, step: TimeInterval = 30) {
        current = start
        self.step = step
    }
    func next() -> Date { lock.withLock { current = current.addingTimeInterval(step); return current } }
}

import CadenceCore
import DAV
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Spots
import SpotsService
import Web

/// Cadence as a CalDAV server for reminders (RFC 4791, VTODO): Thunderbird, DAVx5 with Tasks.org, Apple Reminders
/// and the like sync task lists both ways with an app password (HTTP Basic, e-mail and app password, checked by
/// `CalendarAppAuthentication`). Lists are `TaskList`s, tasks are `CalendarResource`s; ETags and sync tokens come
/// from each list's change count, so a stale write is refused (412), never silently lost.
struct CalDAVController {
    let spots: SpotsService
    /// The server's configured address: its scheme is the one registration URLs are given in.
    let publicURL: String

    static let methods = ["OPTIONS", "PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR", "MKCOL", "GET", "HEAD", "PUT", "DELETE", "POST"]
    /// A task with its alarms fits easily; a request body larger than this is refused (413).
    static let maximumResourceBytes = 1 << 20
    /// A multiget of 10,000 hrefs is about 1 MB.
    static let maximumReportBytes = 8 << 20

    func addRoutes(to router: RouterGroup<AppContext>) {
        // A client given only the server's address asks its root who the user is.
        router.on("/", method: HTTPRequest.Method("PROPFIND")!) { request, context in try await handle(request, context: context) }
        for name in Self.methods {
            let method = HTTPRequest.Method(name)!
            for path in ["/dav", "/dav/**"] {
                router.on(RouterPath(path), method: method) { request, context in try await handle(request, context: context) }
            }
            // RFC 6764 discovery: the well-known address leads to the service root, before any sign-in.
            guard name != "POST" else { continue }  // WebDAV-Push registers on a list, never here
            router.on("/.well-known/caldav", method: method) { _, _ in
                Response(status: .movedPermanently, headers: [.location: CalDAVPath.rootPath])
            }
        }
    }

    func handle(_ request: Request, context: AppContext) async throws -> Response {
        var request = request
        if request.method.rawValue == "OPTIONS" { return Self.options(push: spots.listPush != nil) }
        guard let device = context.device, device.device.role == .calendar else {
            return Response(status: .unauthorized, headers: [
                .wwwAuthenticate: #"Basic realm="Cadence CalDAV", charset="UTF-8""#, .contentType: "text/plain; charset=utf-8",
            ], body: .init(byteBuffer: ByteBuffer(string: "Sign in with your e-mail address and an app password from the Devices page.\n")))
        }
        guard let path = request.uri.path == "/" ? .root : CalDAVPath(request.uri.path) else {
            return Self.plain(.notFound, "There is nothing at this address.")
        }
        let exchange = CalDAVExchange(spots: spots, account: device.account, path: path, deviceID: device.device.id,
                                      origin: origin(of: request))
        // The app's own change is not pushed back to it (draft §5.2).
        let spared = PushDontNotify.parse(request.headers[values: HTTPField.Name("Push-Dont-Notify")!],
                                          registrationPath: CalDAVPath.pushPath)
        do {
            let limit = request.method == .put ? Self.maximumResourceBytes : Self.maximumReportBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
                return Self.plain(.contentTooLarge, "The body is larger than \(limit / 1024) KB.")
            }
            let body: Data
            do {
                body = Data(buffer: try await request.collectBody(upTo: limit))
            } catch is NIOTooManyBytesError {
                return Self.plain(.contentTooLarge, "The body is larger than \(limit / 1024) KB.")
            }
            return try await PushDontNotify.$current.withValue(spared) {
                try await exchange.respond(method: request.method.rawValue, headers: request.headers, body: body)
            }
        } catch let error as DAVError {
            return Self.error(error)
        } catch let error as ValidationError {
            return Self.plain(.forbidden, error.message)
        } catch let refused as Refused {
            return Self.plain(.forbidden, refused.message)
        }
    }

    /// `scheme://authority` as the client named this server: the scheme configured, the host it used (a phone on the
    /// LAN reaches `192.168.1.20:8080`, not the `localhost` a default configuration names).
    func origin(of request: Request) -> String {
        let scheme = publicURL.hasPrefix("https://") ? "https" : "http"
        guard let authority = request.head.authority, !authority.isEmpty else { return publicURL }
        return scheme + "://" + authority
    }

    static func options(push: Bool) -> Response {
        Response(status: .ok, headers: [
            HTTPField.Name("DAV")!: "1, 3, calendar-access, extended-mkcol" + (push ? ", webdav-push" : ""),
            .allow: methods.joined(separator: ", "),
            .contentLength: "0",
        ])
    }

    static func plain(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func error(_ error: DAVError) -> Response {
        let status = HTTPResponse.Status(code: error.status)
        guard let condition = error.condition else { return plain(status, error.message) }
        return Response(status: status, headers: [.contentType: "application/xml; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: DAVMultistatus.errorBody(condition, message: error.message))))
    }
}

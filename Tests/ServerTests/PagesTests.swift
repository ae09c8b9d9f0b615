import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite(.timeLimit(.minutes(5))) struct PagesTests {
    static let html: HTTPFields = [.accept: "text/html"]

    /// GETs a form page and returns the CSRF cookie value the form must echo.
    static func csrf(_ server: TestServer, page: String = "/login") async throws -> String {
        let response = try await server.client.execute(uri: page, method: .get, headers: html)
        let cookie = try #require(response.cookie("cadence_csrf"))
        return String(cookie.dropFirst("cadence_csrf=".count).prefix { $0 != ";" })
    }

    static func postForm(_ server: TestServer, _ uri: String, _ fields: [String: String], cookies: String) async throws -> TestResponse {
        let body = fields.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        return try await server.client.execute(
            uri: uri, method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies, .accept: "text/html"],
            body: ByteBuffer(string: body))
    }

    /// The check is the page group's (FormPostMiddleware), so a page handler cannot forget it: every form post a
    /// page route takes is refused without the token, whatever the handler does.
    @Test func everyPagePostIsRefusedWithoutItsCSRFToken() async throws {
        try await withTestServer { server in
            // CalDAV's POST (WebDAV-Push registration) is a calendar app's, signed in with an app password: not a page.
            let posts = server.routes.filter { $0.hasPrefix("POST /") && !$0.hasPrefix("POST /api/") && !$0.hasPrefix("POST /dav") }
                .map { $0.dropFirst("POST ".count) }
            #expect(posts.count >= 25)
            for route in posts {
                let uri = route.split(separator: "/").map { segment -> String in
                    segment.hasPrefix(":") ? (segment == ":cue" ? "0" : UUID().uuidString.lowercased()) : String(segment)
                }.joined(separator: "/")
                let token = String(repeating: "b", count: 43)
                let response = try await Self.postForm(server, "/" + uri, ["name": "x"], cookies: "cadence_csrf=\(token)")
                #expect(response.status == .forbidden, "POST \(route) answered \(response.status)")
                #expect(response.text.contains("This form has expired or came from another site"), "POST \(route)")
            }
        }
    }

    @Test func pagesCarrySecurityHeaders() async throws {
        try await withTestServer { server in
            let response = try await server.client.execute(uri: "/login", method: .get, headers: Self.html)
            #expect(response.status == .ok)
            let csp = try #require(response.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
            #expect(response.headers[.init("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func registeringThroughTheFormSignsInAndShowsHome() async throws {
        try await withTestServer { server in
            let csrf = try await Self.csrf(server, page: "/register")
            let email = uniqueEmail()
            let response = try await Self.postForm(server, "/register",
                ["_csrf": csrf, "email": email, "displayName": "Form Person", "password": "form password 1"],
                cookies: "cadence_csrf=\(csrf)")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/phone")
            let session = try #require(response.cookie("cadence_session"))
            let token = String(session.dropFirst("cadence_session=".count).prefix { $0 != ";" })
            let home = try await server.client.execute(uri: "/phone", method: .get, headers: [.cookie: "cadence_session=\(token)", .accept: "text/html"])
            #expect(home.status == .ok)
            #expect(home.text.contains("Hello, Form Person"))
            for module in ["Talks", "Stage", "Tempo", "Spots"] { #expect(home.text.contains(">\(module)<")) }
            #expect(home.text.contains(#"href="/phone/talks""#))
            #expect(home.text.contains("Example: a five-minute talk"))  // the new account's example talk
        }
    }

    @Test func aFormWithoutTheCSRFTokenIsRefused() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email, password: "right password")
            let forged = try await Self.postForm(server, "/login", ["email": email, "password": "right password"], cookies: "cadence_csrf=\(String(repeating: "a", count: 43))")
            #expect(forged.status == .forbidden)
            #expect(forged.cookie("cadence_session") == nil)
            #expect(forged.text.contains("expired or came from another site"))
        }
    }

    @Test func aWrongPasswordOnTheFormShowsAMessageAndKeepsTheAddress() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email, password: "right password")
            let csrf = try await Self.csrf(server)
            let response = try await Self.postForm(server, "/login", ["_csrf": csrf, "email": email, "password": "wrong password"], cookies: "cadence_csrf=\(csrf)")
            #expect(response.status == .ok)
            #expect(response.cookie("cadence_session") == nil)
            #expect(response.text.contains("do not match an account"))
            #expect(response.text.contains("value=\"\(email)\""))
        }
    }

    /// The phone's pages and the account's are a signed-in person's: the page group's SignInRequiredMiddleware
    /// sends anyone else to sign in, whatever the handler does.
    @Test func signedOutVisitorsAreSentToSignIn() async throws {
        try await withTestServer { server in
            let pages = server.routes.filter { $0.hasPrefix("GET /") }.map { String($0.dropFirst("GET ".count)) }
                .filter { $0 == "/" || $0.hasPrefix("/phone") || $0.hasPrefix("/account") }
            #expect(pages.count >= 30)
            for page in pages {
                let uri = page.split(separator: "/").map { $0.hasPrefix(":") ? UUID().uuidString.lowercased() : String($0) }
                    .joined(separator: "/")
                let response = try await server.client.execute(uri: "/" + uri, method: .get, headers: Self.html)
                #expect(response.status == .seeOther, "GET \(page) answered \(response.status)")
                #expect(response.headers[.location] == "/login", "GET \(page)")
            }
        }
    }

    @Test func cookieAuthenticatedWritesFromAnotherOriginAreRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let response = try await server.client.json(.post, "/api/v1/auth/logout",
                headers: [.cookie: "cadence_session=\(token)", .origin: "https://evil.example", .init("Host")!: "cadence.test"])
            #expect(response.status == .forbidden)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .ok)
        }
    }

    @Test func unknownPagesAndRoutesAnswer404() async throws {
        try await withTestServer { server in
            let api = try await server.client.json(.get, "/api/v1/nothing-here")
            #expect(api.status == .notFound)
            #expect(api.errorCode == "not_found")
            let page = try await server.client.execute(uri: "/nothing-here", method: .get, headers: Self.html)
            #expect(page.status == .notFound)
            #expect(page.text.contains("Page not found"))
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct SystemRoutesTests {
    @Test func healthMetricsAndSpec() async throws {
        try await withTestServer { server in
            #expect(try await server.client.json(.get, "/healthz").status == .ok)
            let ready = try await server.client.json(.get, "/readyz")
            #expect(ready.object["database"] as? String == TestDatabase.engineUnderTest.rawValue)
            let metrics = try await server.client.json(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.text.contains("hb_requests"))
            let spec = try await server.client.json(.get, "/openapi.yaml")
            #expect(spec.status == .ok)
            // The API's paths are checked against the router in OpenAPIRoutesTests.
            for path in ["/healthz:", "/readyz:", "/metrics:"] {
                #expect(spec.text.contains(path), "openapi.yaml lacks \(path)")
            }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct MethodTests {
    @Test func anUnsupportedMethodOnAKnownPathIs405WithAllow() async throws {
        try await withTestServer { server in
            let response = try await server.client.json(.put, "/api/v1/auth/login")
            #expect(response.status == .methodNotAllowed)
            #expect(response.errorCode == "method_not_allowed")
            #expect(response.headers[.allow] == "POST")
            let session = try await server.client.json(.get, "/api/v1/auth/sessions/\(UUID().uuidString)")
            #expect(session.status == .methodNotAllowed)
            #expect(session.headers[.allow] == "DELETE")
        }
    }

    /// Issue 39: a refused form is shown at the address it was posted to; opening that address again (a reload, the
    /// history) goes to the page the form belongs to, not to "GET is not supported here". The API keeps its 405.
    @Test func aBrowserOnAFormsAddressIsSentToItsPage() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let created = try await server.client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token)
            let topic = try #require(created.object["id"] as? String).lowercased()
            let cue = try #require((created.object["cues"] as? [[String: Any]])?.first?["id"] as? String).lowercased()
            let browser: HTTPFields = [.accept: "text/html", .cookie: "cadence_session=\(token)"]
            for (form, page) in [("/phone/talks/\(topic)/cues", "/phone/talks/\(topic)"),
                                 ("/phone/talks/\(topic)/cues/\(cue)/delete", "/phone/talks/\(topic)"),
                                 ("/phone/talks/\(topic)/start", "/phone/talks/\(topic)"),
                                 ("/account/password", "/account"), ("/phone/devices/pairing", "/phone/devices")] {
                let response = try await server.client.execute(uri: form, method: .get, headers: browser)
                #expect(response.status == .seeOther, "\(form): \(response.status)")
                #expect(response.headers[.location] == page, "\(form)")
            }
            // Not for a client that asks for JSON, nor for the API.
            #expect(try await server.client.json(.get, "/phone/talks/\(topic)/cues", token: token).status == .methodNotAllowed)
            let api = try await server.client.execute(uri: "/api/v1/auth/login", method: .get, headers: browser)
            #expect(api.status == .methodNotAllowed)
        }
    }

    @Test func errorAnswersCarryTheSecurityHeadersToo() async throws {
        try await withTestServer { server in
            let response = try await server.client.json(.get, "/nothing")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentSecurityPolicy] != nil)
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct RouteTableTests {
    @Test func aLiteralSegmentBeatsACapture() async throws {
        try await withTestServer { server in
            let me = try await server.client.json(.post, "/api/v1/devices/me")
            #expect(me.status == .methodNotAllowed)
            #expect(me.headers[.allow] == "GET")
            let byID = try await server.client.json(.post, "/api/v1/devices/\(UUID().uuidString)")
            #expect(Set(byID.headers[.allow]?.components(separatedBy: ", ") ?? []) == ["PATCH", "DELETE"])
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct AuthAPITests {
    @Test func registerGivesATokenAndAnHttpOnlySessionCookie() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            let response = try await server.client.json(.post, "/api/v1/auth/register",
                body: #"{"email":"  \#(email.uppercased()) ","displayName":"Ann","password":"0123456789"}"#)
            #expect(response.status == .created)
            #expect((response.object["token"] as? String)?.count ?? 0 >= 40)
            let account = try #require(response.object["account"] as? [String: Any])
            #expect(account["email"] as? String == email)
            #expect(account["displayName"] as? String == "Ann")
            let cookie = try #require(response.cookie("cadence_session"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
        }
    }

    @Test func meAnswersForBearerAndCookieAnd401Otherwise() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            let token = try await server.client.register(email: email)
            let byBearer = try await server.client.json(.get, "/api/v1/auth/me", token: token)
            #expect(byBearer.status == .ok)
            #expect(byBearer.object["email"] as? String == email)
            let byCookie = try await server.client.json(.get, "/api/v1/auth/me", headers: [.cookie: "cadence_session=\(token)"])
            #expect(byCookie.object["email"] as? String == email)
            let anonymous = try await server.client.json(.get, "/api/v1/auth/me")
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "unauthorized")
            let forged = try await server.client.json(.get, "/api/v1/auth/me", token: "not-a-real-token")
            #expect(forged.status == .unauthorized)
        }
    }

    @Test(arguments: [
        (#"{"email":"a@example.org","displayName":"Ann","password":"short"}"#, "invalid_field", "password"),
        (#"{"email":"not-an-address","displayName":"Ann","password":"0123456789"}"#, "invalid_field", "email"),
        (#"{"email":"a@example.org","displayName":"   ","password":"0123456789"}"#, "invalid_field", "displayName"),
        (#"{"email":"a@example.org","password":"0123456789"}"#, "missing_field", "displayName"),
        (#"{"email":"a@example.org","displayName":42,"password":"0123456789"}"#, "wrong_type", "displayName"),
        (#"{"email":null,"displayName":"Ann","password":"0123456789"}"#, "missing_field", "email"),
    ])
    func badRegistrationNamesTheField(body: String, code: String, field: String) async throws {
        try await withTestServer { server in
            let response = try await server.client.json(.post, "/api/v1/auth/register", body: body)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == code)
            #expect(response.errorField == field)
            #expect(response.errorMessage?.isEmpty == false)
        }
    }

    @Test func malformedBodiesAreClear4xx() async throws {
        try await withTestServer { server in
            let malformed = try await server.client.json(.post, "/api/v1/auth/login", body: #"{"email": "#)
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "invalid_json")
            let notAnObject = try await server.client.json(.post, "/api/v1/auth/login", body: "[1,2]")
            #expect(notAnObject.status == .badRequest)
            let notJSON = try await server.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "hi"))
            #expect(notJSON.status == .unsupportedMediaType)
            #expect(notJSON.errorCode == "unsupported_media_type")
            let huge = String(repeating: "x", count: 1_100_000)
            let tooLarge = try await server.client.json(.post, "/api/v1/auth/login", body: #"{"email":"\#(huge)"}"#)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "body_too_large")
        }
    }

    @Test func aSecondAccountWithTheSameAddressIsRefused() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email)
            let again = try await server.client.json(.post, "/api/v1/auth/register",
                body: #"{"email":"\#(email.uppercased())","displayName":"Other","password":"0123456789"}"#)
            #expect(again.status == .conflict)
            #expect(again.errorCode == "email_taken")
        }
    }

    @Test func loginWithTheRightPasswordOnly() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email, password: "right password")
            let good = try await server.client.login(email: email, password: "right password")
            #expect(good.status == .ok)
            let token = try #require(good.object["token"] as? String)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .ok)
            let bad = try await server.client.login(email: email, password: "wrong password")
            #expect(bad.status == .unauthorized)
            #expect(bad.errorCode == "invalid_credentials")
            // Unknown addresses get the very same answer.
            let unknown = try await server.client.login(email: uniqueEmail("nobody"), password: "wrong password")
            #expect(unknown.status == .unauthorized)
            #expect(unknown.errorMessage == bad.errorMessage)
        }
    }

    @Test func repeatedFailuresAreThrottledWithRetryAfter() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email, password: "right password")
            for _ in 0..<5 {
                #expect(try await server.client.login(email: email, password: "wrong password").status == .unauthorized)
            }
            let throttled = try await server.client.login(email: email, password: "right password")
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.errorCode == "too_many_attempts")
            let retryAfter = try #require(throttled.headers[.retryAfter].flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 900)
            server.clock.advance(by: 901)
            #expect(try await server.client.login(email: email, password: "right password").status == .ok)
        }
    }

    @Test func logoutRevokesTheTokenAtOnce() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let logout = try await server.client.json(.post, "/api/v1/auth/logout", token: token)
            #expect(logout.status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .unauthorized)
        }
    }

    @Test func changingThePasswordSignsOutEveryOtherSession() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            let first = try await server.client.register(email: email, password: "first password")
            let second = try #require(try await server.client.login(email: email, password: "first password").object["token"] as? String)

            let wrong = try await server.client.json(.post, "/api/v1/auth/password",
                body: #"{"currentPassword":"not it at all","newPassword":"second password"}"#, token: first)
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorField == "currentPassword")
            let tooShort = try await server.client.json(.post, "/api/v1/auth/password",
                body: #"{"currentPassword":"first password","newPassword":"short"}"#, token: first)
            #expect(tooShort.errorField == "newPassword")

            let changed = try await server.client.json(.post, "/api/v1/auth/password",
                body: #"{"currentPassword":"first password","newPassword":"second password"}"#, token: first)
            #expect(changed.status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: first).status == .ok)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: second).status == .unauthorized)
            #expect(try await server.client.login(email: email, password: "first password").status == .unauthorized)
            #expect(try await server.client.login(email: email, password: "second password").status == .ok)
        }
    }

    @Test func idleSessionsEndAfterThirtyDays() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            server.clock.advance(by: 29 * 24 * 3600)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .ok)
            server.clock.advance(by: 29 * 24 * 3600)  // used a day ago: still fine
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .ok)
            server.clock.advance(by: 31 * 24 * 3600)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .unauthorized)
        }
    }
}

@Suite struct SessionCacheTests {
    /// Authenticated reads are served from memory on SQLite; every revocation through
    /// the app must still take effect on the very next request.
    @Test func revocationsBeatTheCache() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            let first = try await server.client.register(email: email, password: "first password")
            let second = try #require(try await server.client.login(email: email, password: "first password").object["token"] as? String)
            let third = try #require(try await server.client.login(email: email, password: "first password").object["token"] as? String)
            for token in [first, second, third] {  // warm the cache for all three
                #expect(try await server.client.json(.get, "/api/v1/auth/me", token: token).status == .ok)
            }
            try await server.client.json(.post, "/api/v1/auth/logout", token: second)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: second).status == .unauthorized)
            try await server.client.json(.post, "/api/v1/auth/password",
                body: #"{"currentPassword":"first password","newPassword":"second password"}"#, token: first)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: third).status == .unauthorized)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: first).status == .ok)
        }
    }
}

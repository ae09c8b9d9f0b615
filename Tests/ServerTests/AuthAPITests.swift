import Foundation
import Hummingbird
import HummingbirdTesting
import PlatformService
import Testing

@Suite(.timeLimit(.minutes(5))) struct AuthAPITests {
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

@Suite(.timeLimit(.minutes(5))) struct SessionCacheTests {
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

/// Issue 35, item 6: five wrong passwords for an e-mail, from anyone, used to give its owner 429 for 15 minutes,
/// renewable forever. Now a stranger's guesses are counted against the stranger, and the owner's own browser
/// (one that signed in before: the known-browser cookie) signs in regardless.
@Suite(.timeLimit(.minutes(5))) struct SignInLockoutTests {
    static func cookieValue(_ response: TestResponse, _ name: String) -> String? {
        response.cookie(name)?.split(separator: ";").first.map { String($0.dropFirst(name.count + 1)) }
    }

    static func login(_ client: some TestClientProtocol, _ email: String, _ password: String, known: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let known { headers[.cookie] = "cadence_known=\(known)" }
        return try await client.json(.post, "/api/v1/auth/login", body: #"{"email":"\#(email)","password":"\#(password)"}"#, headers: headers)
    }

    @Test func aStrangersWrongPasswordsDoNotLockOutTheOwnersBrowser() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email, password: "right password")
            let first = try await server.client.login(email: email, password: "right password")
            let known = try #require(Self.cookieValue(first, "cadence_known"), "a sign-in gives the browser a known-browser cookie")
            for _ in 0..<8 { _ = try await Self.login(server.client, email, "guess") }
            #expect(try await Self.login(server.client, email, "right password").status == .tooManyRequests, "the stranger is slowed")
            let owner = try await Self.login(server.client, email, "right password", known: known)
            #expect(owner.status == .ok, "\(owner.text)")
            #expect(owner.cookie("cadence_known") == nil, "a browser already known keeps its cookie")
            // Another account's cookie is no pass: it only counts for the account it was given for.
            let stranger = try await server.client.json(
                .post, "/api/v1/auth/register",
                body: #"{"email":"\#(uniqueEmail("stranger"))","displayName":"S","password":"stranger password"}"#)
            let strangers = try #require(Self.cookieValue(stranger, "cadence_known"))
            #expect(try await Self.login(server.client, email, "right password", known: strangers).status == .tooManyRequests)
            // A known browser's own wrong passwords are throttled too, on their own.
            for _ in 0..<5 { #expect(try await Self.login(server.client, email, "typo", known: known).status == .unauthorized) }
            #expect(try await Self.login(server.client, email, "right password", known: known).status == .tooManyRequests)
        }
    }

    @Test func guessesAreCountedPerClientAndEmailAndForTheEmailAcrossClients() {
        let throttle = ThrottleGuard()
        let now = Date()
        let stranger = ThrottleGuard.Attempt(email: "owner@example.org", client: "203.0.113.9")
        for _ in 0..<5 { throttle.recordFailure(stranger, now: now) }
        #expect(throttle.retryAfter(stranger, now: now) != nil)
        #expect(throttle.retryAfter(.init(email: "owner@example.org", client: "198.51.100.7"), now: now) == nil, "the owner's own address")
        // Guessing from many addresses is slowed for every unknown browser once the e-mail's count is full…
        for n in 0..<45 { throttle.recordFailure(.init(email: "owner@example.org", client: "10.0.\(n / 250).\(n % 250)"), now: now) }
        #expect(throttle.retryAfter(.init(email: "owner@example.org", client: "198.51.100.7"), now: now) != nil)
        // …but not for a browser that signed in before.
        #expect(throttle.retryAfter(.init(email: "owner@example.org", client: "198.51.100.7", knownBrowser: "hash"), now: now) == nil)
        // Calendar apps: no shared count for the e-mail.
        let apps = ThrottleGuard(emailLimit: nil)
        for n in 0..<100 { apps.recordFailure(.init(email: "owner@example.org", client: "10.1.0.\(n)"), now: now) }
        #expect(apps.retryAfter(.init(email: "owner@example.org", client: "198.51.100.7"), now: now) == nil)
    }
}

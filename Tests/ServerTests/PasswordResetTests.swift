import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct PasswordResetTests {
    /// The token from the newest reset e-mail's link.
    static func resetToken(in server: TestServer) throws -> String {
        let body = try #require(server.mailer.sent.last?.body)
        let range = try #require(body.range(of: #"http://cadence\.test/reset\?token=[A-Za-z0-9_-]+"#, options: .regularExpression))
        return String(body[range].split(separator: "=").last!)
    }

    @Test func theAnswerDoesNotRevealWhetherAnAddressHasAnAccount() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email)
            let known = try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(email)"}"#)
            let unknown = try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(uniqueEmail("nobody"))"}"#)
            #expect(known.status == .accepted)
            #expect(unknown.status == known.status)
            #expect(unknown.text == known.text)
            #expect(server.mailer.sent.count == 1)
            #expect(server.mailer.sent.first?.to == email)
        }
    }

    @Test func aResetLinkWorksOnceAndSignsOutEverySession() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            let session = try await server.client.register(email: email, password: "old password")
            try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(email)"}"#)
            let token = try Self.resetToken(in: server)

            let short = try await server.client.json(.post, "/api/v1/auth/reset-password", body: #"{"token":"\#(token)","newPassword":"tiny"}"#)
            #expect(short.errorField == "newPassword")
            let reset = try await server.client.json(.post, "/api/v1/auth/reset-password", body: #"{"token":"\#(token)","newPassword":"new password"}"#)
            #expect(reset.status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: session).status == .unauthorized)
            #expect(try await server.client.login(email: email, password: "new password").status == .ok)
            #expect(try await server.client.login(email: email, password: "old password").status == .unauthorized)

            let again = try await server.client.json(.post, "/api/v1/auth/reset-password", body: #"{"token":"\#(token)","newPassword":"third password"}"#)
            #expect(again.status == .badRequest)
            #expect(again.errorCode == "invalid_reset_link")
        }
    }

    @Test func aResetLinkExpiresAfterAnHour() async throws {
        try await withTestServer { server in
            let email = uniqueEmail()
            _ = try await server.client.register(email: email)
            try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(email)"}"#)
            let token = try Self.resetToken(in: server)
            server.clock.advance(by: 3601)
            let late = try await server.client.json(.post, "/api/v1/auth/reset-password", body: #"{"token":"\#(token)","newPassword":"new password"}"#)
            #expect(late.status == .badRequest)
            #expect(late.errorCode == "invalid_reset_link")
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct OwnershipTests {
    /// Two accounts: neither can see nor revoke the other's sessions, and a foreign id reads as missing (404).
    @Test func anotherAccountsSessionAnswers404() async throws {
        try await withTestServer { server in
            let ann = try await server.client.register(email: uniqueEmail("ann"))
            let bob = try await server.client.register(email: uniqueEmail("bob"))
            let annSessions = try await server.client.json(.get, "/api/v1/auth/sessions", token: ann).array
            #expect(annSessions.count == 1)
            #expect(annSessions.first?["current"] as? Bool == true)
            let annSessionID = try #require(annSessions.first?["id"] as? String)

            let bobSessions = try await server.client.json(.get, "/api/v1/auth/sessions", token: bob).array
            #expect(!bobSessions.contains { $0["id"] as? String == annSessionID })

            let stolen = try await server.client.json(.delete, "/api/v1/auth/sessions/\(annSessionID)", token: bob)
            #expect(stolen.status == .notFound)
            #expect(stolen.errorCode == "not_found")
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: ann).status == .ok)

            let own = try await server.client.json(.delete, "/api/v1/auth/sessions/\(annSessionID)", token: ann)
            #expect(own.status == .noContent)
            #expect(try await server.client.json(.get, "/api/v1/auth/me", token: ann).status == .unauthorized)
        }
    }

    @Test func aMalformedIdIsA404Too() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let response = try await server.client.json(.delete, "/api/v1/auth/sessions/not-a-uuid", token: token)
            #expect(response.status == .notFound)
        }
    }
}

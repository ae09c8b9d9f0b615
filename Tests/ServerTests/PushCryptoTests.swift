import CadenceCore
import Crypto
import Foundation
import PlatformService
import Testing

/// Web Push's message encryption (RFC 8291), its VAPID tokens (RFC 8292) and what a push service's answer means
/// (RFC 8030): no database, no network.
@Suite(.timeLimit(.minutes(5))) struct PushCryptoTests {
    static func bytes(_ base64URL: String) -> Data { PushBrowser.data(base64URL: base64URL)! }

    /// RFC 8291 Appendix A: the same keys and salt give the published body, byte for byte.
    @Test func theRFCsExampleIsReproducedExactly() throws {
        let body = try WebPushEncryption.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8),
            userAgentKey: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"),
            ephemeral: try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")),
            salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(PushBrowser.base64URL(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func aBrowserReadsWhatWasSealedForItAndNoOtherCan() throws {
        let browser = PushBrowser()
        let message = Data(#"{"title":"Buy milk"}"#.utf8)
        let body = try WebPushEncryption.encrypt(message, userAgentKey: browser.key.publicKey.x963Representation, authSecret: browser.auth)
        #expect(try browser.decrypt(body) == message)
        // A fresh key and salt each time: two sealings of one message differ.
        #expect(try WebPushEncryption.encrypt(message, userAgentKey: browser.key.publicKey.x963Representation, authSecret: browser.auth) != body)
        #expect(throws: (any Error).self) { try PushBrowser().decrypt(body) }
    }

    @Test func unusableKeysAndOversizedMessagesAreRefused() {
        let browser = PushBrowser()
        let key = browser.key.publicKey.x963Representation
        #expect(throws: WebPushEncryption.Failure.badUserAgentKey) {
            try WebPushEncryption.encrypt(Data(), userAgentKey: key.dropLast(), authSecret: browser.auth)
        }
        var offCurve = key
        offCurve[40] ^= 0xFF
        #expect(throws: WebPushEncryption.Failure.badUserAgentKey) {
            try WebPushEncryption.encrypt(Data(), userAgentKey: offCurve, authSecret: browser.auth)
        }
        #expect(throws: WebPushEncryption.Failure.badAuthSecret) {
            try WebPushEncryption.encrypt(Data(), userAgentKey: key, authSecret: Data(count: 8))
        }
        #expect(throws: WebPushEncryption.Failure.tooLong(bytes: 4000)) {
            try WebPushEncryption.encrypt(Data(count: 4000), userAgentKey: key, authSecret: browser.auth)
        }
    }

    /// The Authorization header a push service checks: `vapid t=<JWT>,k=<key>`, signed ES256 by the key it names,
    /// for the endpoint's origin.
    @Test func theVAPIDTokenIsSignedForThePushServicesOrigin() throws {
        let vapid = VAPIDKey(privateKey: .init(), subject: "https://cadence.example")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try vapid.authorization(for: URL(string: "https://push.example.net:8443/wpush/v2/abc")!, now: now)
        let parts = header.dropFirst("vapid ".count).components(separatedBy: ",")
        #expect(parts.count == 2 && parts[0].hasPrefix("t=") && parts[1] == "k=\(vapid.publicKey)")
        let jwt = parts[0].dropFirst(2).components(separatedBy: ".")
        #expect(jwt.count == 3)
        let claims = try JSONSerialization.jsonObject(with: Self.bytes(jwt[1])) as? [String: Any] ?? [:]
        #expect(claims["aud"] as? String == "https://push.example.net:8443")
        #expect(claims["sub"] as? String == "https://cadence.example")
        let exp = try #require(claims["exp"] as? Int)
        #expect(exp > 1_800_000_000 && exp <= 1_800_000_000 + 24 * 3600)  // RFC 8292 §2: at most 24 hours
        let publicKey = try P256.Signing.PublicKey(x963Representation: Self.bytes(vapid.publicKey))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Self.bytes(jwt[2]))
        #expect(publicKey.isValidSignature(signature, for: Data("\(jwt[0]).\(jwt[1])".utf8)))
        // Stored and read back, it is the same key.
        #expect(VAPIDKey(stored: vapid.stored, subject: "x")?.publicKey == vapid.publicKey)
        #expect(VAPIDKey(stored: "not a key", subject: "x") == nil)
    }

    @Test(arguments: [
        // (attempt, status, Retry-After) → what next
        (1, 201, nil, PushRetryPolicy.Next.delivered),
        (1, 404, nil, .removeSubscription),
        (1, 410, nil, .removeSubscription),
        (1, 500, nil, .retry(after: 1)),
        (2, 503, nil, .retry(after: 2)),
        (3, nil, nil, .retry(after: 4)),
        (1, 429, 30, .retry(after: 30)),
        (1, 429, 3600, .retry(after: 60)),
        (4, 500, nil, .giveUp(reason: "The push service answered 500 4 times.")),
        (1, 413, nil, .giveUp(reason: "The push service refused the message (413).")),
    ] as [(Int, Int?, TimeInterval?, PushRetryPolicy.Next)])
    func aPushServicesAnswerDecidesWhatHappensNext(attempt: Int, status: Int?, retryAfter: TimeInterval?, next: PushRetryPolicy.Next) {
        #expect(PushRetryPolicy().next(attempt: attempt, status: status, retryAfter: retryAfter) == next)
    }
}

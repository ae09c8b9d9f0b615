import CadenceCore
import Testing

/// The server posts to whatever a subscription names, so only what a browser's push service would give is taken.
@Suite(.timeLimit(.minutes(5))) struct PushEndpointRuleTests {
    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc:def", true),
        ("https://updates.push.services.mozilla.com/wpush/v2/gAAA", true),
        ("https://web.push.apple.com/QGuQyavXutnMH", true),
        ("http://fcm.googleapis.com/fcm/send/abc", false),
        ("https://127.0.0.1/push", false),
        ("https://10.0.0.5:8443/push", false),
        ("https://[::1]/push", false),
        ("https://localhost/push", false),
        ("https://db.localhost/push", false),
        ("https://intranet/push", false),
        ("ftp://push.example.com/x", false),
        ("not a url", false),
    ])
    func onlyPublicHTTPSEndpointsAreAccepted(endpoint: String, accepted: Bool) {
        #expect((PushEndpointRule.publicHTTPS.refusal(of: endpoint) == nil) == accepted)
    }

    @Test func aLocalPushServiceIsAcceptedOnlyWhenAllowed() {
        #expect(PushEndpointRule.allowLocal.refusal(of: "http://127.0.0.1:4000/push/a") == nil)
        #expect(PushEndpointRule.allowLocal.refusal(of: "ftp://127.0.0.1/push") != nil)
        #expect(PushEndpointRule.publicHTTPS.refusal(of: "http://127.0.0.1:4000/push/a") != nil)
    }
}

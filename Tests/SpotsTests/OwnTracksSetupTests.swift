import Foundation
import Spots
import Testing

/// The configuration OwnTracks imports must point it at Cadence in HTTP mode with the device's token, and survive
/// the trip through the link (base64 in a query, where Android reads '+' as a space).
@Suite(.timeLimit(.minutes(5))) struct OwnTracksSetupTests {
    let deviceID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!

    func configuration(_ setup: OwnTracksSetup) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: setup.json) as? [String: Any])
    }

    @Test func itIsHTTPModeToTheEndpointWithTheTokenAsPassword() throws {
        let setup = OwnTracksSetup(endpoint: "https://cadence.example.org/api/v1/spots/owntracks", token: "dvc_secret", deviceID: deviceID)
        let values = try configuration(setup)
        #expect(values["_type"] as? String == "configuration")
        #expect(values["mode"] as? Int == 3)
        #expect(values["url"] as? String == "https://cadence.example.org/api/v1/spots/owntracks")
        #expect(values["auth"] as? Bool == true)
        #expect(values["password"] as? String == "dvc_secret")
        #expect(values["deviceId"] as? String == "3f2504e0")
    }

    @Test func theLinkCarriesTheWholeConfigurationWithNoBareBase64Specials() throws {
        // A token whose base64 has '+' and '/' in it somewhere: try several until one does.
        let setups = (0..<64).map { OwnTracksSetup(endpoint: "https://c.example/api/v1/spots/owntracks", token: "dvc_\($0)~~??>>", deviceID: deviceID) }
        let setup = try #require(setups.first { $0.json.base64EncodedString().contains("+") || $0.json.base64EncodedString().contains("/") })
        #expect(setup.link.hasPrefix("owntracks:///config?inline="))
        let inline = String(setup.link.dropFirst("owntracks:///config?inline=".count))
        #expect(!inline.contains("+") && !inline.contains("/") && !inline.contains("="))
        let unescaped = try #require(inline.removingPercentEncoding)
        let decoded = try #require(Data(base64Encoded: unescaped))
        #expect(decoded == setup.json)
    }
}

import CadenceCore
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct ReplayPlanTests {
    @Test(arguments: [
        // lastSeen, latest, oldestKept, expected
        (nil as Int64?, 10 as Int64, 1 as Int64?, ReplayPlan.upToDate),
        (10, 10, 1, .upToDate),
        (7, 10, 1, .replay(after: 7)),
        (7, 10, 8, .replay(after: 7)),     // 8, 9, 10 are all kept
        (7, 10, 9, .resync),               // 8 was pruned: a gap
        (7, 10, nil, .resync),             // nothing kept at all
        (12, 10, 1, .resync),              // a seq from the future (another database?)
        (0, 0, nil, .upToDate),
        (0, 3, 1, .replay(after: 0)),
    ])
    func whatAReconnectingDeviceGets(lastSeen: Int64?, latest: Int64, oldestKept: Int64?, expected: ReplayPlan) {
        #expect(ReplayPlan(lastSeen: lastSeen, latest: latest, oldestKept: oldestKept) == expected)
    }

    @Test(arguments: ["device.find", "talk.run.started", "spot.alert_fired"])
    func goodEventTypes(type: String) throws {
        try LiveRules.checkType(type)
    }

    @Test(arguments: ["find", "Device.find", "device..find", "device.find!", ".find", String(repeating: "a.", count: 40) + "b"])
    func badEventTypesNameTheField(type: String) {
        #expect(throws: ValidationError.self) { try LiveRules.checkType(type) }
    }

    @Test func eventsAndNoticesAreJSON() throws {
        let event = LiveEvent(accountID: UUID(), seq: 7, type: "device.find", at: 1000, data: #"{"deviceId":"x \"quoted\""}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(event.json.utf8)) as? [String: Any])
        #expect(object["seq"] as? Int == 7)
        #expect((object["data"] as? [String: Any])?["deviceId"] as? String == "x \"quoted\"")
        #expect(LiveJSON.quote("a\"b\n") == #""a\"b\n""#)
    }
}

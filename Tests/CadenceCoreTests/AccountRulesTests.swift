import CadenceCore
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct AccountRulesTests {
    @Test(arguments: [
        ("ann@example.org", "ann@example.org"),
        ("  Ann@Example.ORG ", "ann@example.org"),
    ])
    func emailIsNormalised(raw: String, expected: String) throws {
        #expect(try AccountRules.normalizedEmail(raw) == expected)
    }

    @Test(arguments: ["", "   ", "ann", "ann@", "@example.org", "ann@example", "a b@example.org", "ann@@example.org", "ann@.org"])
    func badEmailIsRefusedNamingTheField(raw: String) {
        #expect(throws: ValidationError.self) { try AccountRules.normalizedEmail(raw) }
        do { _ = try AccountRules.normalizedEmail(raw) } catch { #expect(error.field == "email") }
    }

    @Test func passwordNeedsTenCharacters() throws {
        do {
            try AccountRules.checkPassword("123456789")
            Issue.record("a 9-character password was accepted")
        } catch {
            #expect(error.field == "password")
            #expect(error.message == "A password needs at least 10 characters.")
            #expect(error.localized == MessageKey("account.error.password_too_short", ["min": "10"]))
        }
        try AccountRules.checkPassword("1234567890")
    }

    @Test func passwordOverBcryptLimitIsRefused() {
        #expect(throws: ValidationError.self) { try AccountRules.checkPassword(String(repeating: "x", count: 73)) }
    }

    @Test func displayNameIsTrimmedAndRequired() throws {
        #expect(try AccountRules.displayName("  Ann  ") == "Ann")
        #expect(throws: ValidationError.self) { try AccountRules.displayName("   ") }
        #expect(throws: ValidationError.self) { try AccountRules.displayName(String(repeating: "n", count: 81)) }
    }
}

@Suite(.timeLimit(.minutes(5))) struct AttemptThrottleTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func fifthFailureLocksUntilTheOldestExpires() {
        var throttle = AttemptThrottle(limit: 5, window: 900)
        for i in 0..<4 {
            throttle.recordFailure("ann", now: start.addingTimeInterval(Double(i)))
            #expect(throttle.retryAfter("ann", now: start.addingTimeInterval(Double(i))) == nil)
        }
        throttle.recordFailure("ann", now: start.addingTimeInterval(10))
        #expect(throttle.retryAfter("ann", now: start.addingTimeInterval(10)) == 890)
        #expect(throttle.retryAfter("bob", now: start.addingTimeInterval(10)) == nil)
        // The first failure leaves the window after 900 s, which reopens the door.
        #expect(throttle.retryAfter("ann", now: start.addingTimeInterval(900)) == nil)
    }

    @Test func resetClearsTheCount() {
        var throttle = AttemptThrottle(limit: 2, window: 60)
        throttle.recordFailure("ann", now: start)
        throttle.recordFailure("ann", now: start)
        #expect(throttle.retryAfter("ann", now: start) != nil)
        throttle.reset("ann")
        #expect(throttle.retryAfter("ann", now: start) == nil)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeviceNameTests {
    @Test(arguments: [
        ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36", "Chrome on Android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0", "Edge on Windows"),
        ("curl/8.0.1", "curl"),
        ("", "Unknown device"),
    ])
    func namesTheBrowserAndSystem(userAgent: String, expected: String) {
        #expect(DeviceName.describe(userAgent: userAgent) == expected)
    }
}

/// Typed names and titles are bounded the way the API documents them (JSON Schema's maxLength
/// counts code points): found by schemathesis with a flag emoji, one character of two code points.
@Suite(.timeLimit(.minutes(5))) struct RequiredTextTests {
    @Test func theLimitCountsCodePointsAsTheSpecDoes() throws {
        let flag = "🇺🇸"
        #expect(throws: ValidationError.self) {
            try RequiredText.check(flag + String(repeating: "*", count: 119), field: "title", maximumLength: 120, whenEmpty: "", noun: "A title")
        }
        #expect(try RequiredText.check(flag + String(repeating: "*", count: 118), field: "title", maximumLength: 120, whenEmpty: "", noun: "A title").count == 119)
        #expect(throws: ValidationError.self) { try RequiredText.check("   ", field: "title", maximumLength: 120, whenEmpty: "Empty", noun: "A title") }
    }

    /// Found by schemathesis: "\n©M¥Ö" and 116 stars is 121 code points as sent, 120 once trimmed.
    @Test func theLimitCountsTheValueAsSentSpacesIncluded() {
        #expect(throws: ValidationError(field: "title", "A title has at most 120 characters.")) {
            try RequiredText.check("\n©M¥Ö" + String(repeating: "*", count: 116), field: "title", maximumLength: 120, whenEmpty: "", noun: "A title")
        }
    }

    @Test func aNULCharacterIsRefusedNamingTheField() {
        #expect(throws: ValidationError(field: "title", "A title cannot contain a NUL character (U+0000).")) {
            try RequiredText.check("\u{0}abc", field: "title", maximumLength: 120, whenEmpty: "Empty", noun: "A title")
        }
    }
}

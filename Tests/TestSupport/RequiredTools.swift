import Foundation

/// Whether a test that needs an installed tool (poppler, a font, LibreOffice, ffmpeg) runs.
///
/// On a developer's machine a missing tool skips its tests. Where the tools are installed on purpose — `scripts/test`
/// sets `CADENCE_TEST_REQUIRE_TOOLS=1`, and CI sets `CI=true` — a skip would mean a broken install passing quietly, so
/// the tests run anyway and fail where the tool is missing.
public enum RequiredTools {
    public static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CADENCE_TEST_REQUIRE_TOOLS"] == "1" || environment["CI"] == "true"
    }

    /// `present`, or true where the tools are required.
    public static func runs(_ present: Bool) -> Bool {
        present || required
    }
}

import CadenceCore
import StagePackage
import StageService
import Testing
import Web

/// A package refusal says in English exactly what `message` says, and in Spanish its own words.
@Suite(.timeLimit(.minutes(5))) struct StageErrorKeysTests {
    static let errors: [PackageError] = [
        .notAZip, .notACadencePackage, .unsupportedVersion(3), .truncated, .damaged("bad header"), .malformedManifest("no kind"),
        .missingEntry("media/0123456789abcdef0123.jpg"), .unlistedEntry("extra.bin"), .duplicateEntry("content.json"),
        .unsafePath("../x"), .symlink("link"), .checksumMismatch("media/0123456789abcdef0123.png"), .passwordRequired,
        .wrongPassword, .unsupportedEncryption("AES-512"), .tooManyEntries(count: 20_000, limit: 10_000),
        .tooLarge(limit: 512 << 20), .compressionRatio(path: "media/0123456789abcdef0123.jpg", limit: 200),
        .stagingDirectoryExists("/tmp/x"), .invalidInput("no title"), .sourceChanged("a.jpg"), .io("disk full"),
    ]

    @Test(arguments: errors) func packageErrorsSayTheirMessage(_ error: PackageError) {
        let english = Catalogues.bundled.messages(.english), spanish = Catalogues.bundled.messages(.spanish)
        #expect(english.has(error.localized))
        #expect(english(error.localized) == error.message)
        #expect(spanish(error.localized) != error.message)
    }
}

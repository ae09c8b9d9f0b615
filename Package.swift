// swift-tools-version:6.1
import PackageDescription

// Domain modules (CadenceCore, Geo, Talks, Stage, Spots, Tempo) do no I/O, so a native app could link them
// unchanged: besides Foundation they use only computation libraries (swift-crypto's hashes, compress-nio's zlib).
// Storage and Server carry the I/O.
let package = Package(
    name: "cadence",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cadence", targets: ["cadence"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
    ],
    targets: [
        .target(name: "CadenceCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // The server's timing of what a run sends to the wrist (Talks' cues, Tempo's intervals), claimed once.
        .target(
            name: "WristMoments",
            dependencies: [
                "CadenceCore", .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The platform every feature stands on, one folder: accounts and sessions, devices and pairing, the live
        // channel. Its use cases (Service: no HTTP, no SQL), its tables (Storage), its API and pages (Web).
        .target(
            name: "PlatformService",
            dependencies: [
                "CadenceCore", .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/Platform/Service"),
        .target(
            name: "PlatformStorage", dependencies: ["PlatformService", "CadenceCore", "Storage", .product(name: "SQLKit", package: "sql-kit")],
            path: "Sources/Platform/Storage"),
        .target(
            name: "PlatformWeb",
            dependencies: [
                "PlatformService", "CadenceCore", "Web", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Sources/Platform/Web", resources: [.copy("Resources")]),
        // Talks, one folder: its rules (Domain), its use cases (Service, no HTTP and no SQL), its tables (Storage),
        // its API, pages, templates and scripts (Web).
        .target(name: "Talks", dependencies: ["CadenceCore"], path: "Sources/Talks/Domain"),
        .target(
            name: "TalksService",
            dependencies: [
                "Talks", "CadenceCore", "WristMoments", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Talks/Service"),
        .target(
            name: "TalksStorage", dependencies: ["TalksService", "Talks", "CadenceCore", "Storage", .product(name: "SQLKit", package: "sql-kit")],
            path: "Sources/Talks/Storage"),
        .target(
            name: "TalksWeb",
            dependencies: [
                "TalksService", "Talks", "CadenceCore", "Web", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Talks/Web", resources: [.copy("Resources")]),
        // Every feature's migrations in one numbered history.
        // The bytes of uploaded files, in a directory or in the database, behind one interface.
        .target(
            name: "Media",
            dependencies: ["CadenceCore", "Storage", .product(name: "SQLKit", package: "sql-kit"), .product(name: "NIOCore", package: "swift-nio")]),
        // Backups of a whole installation (`cadence backup`, `cadence restore`).
        .target(
            name: "Backup",
            dependencies: [
                "CadenceCore", "Storage", "Media", "SafeZip", "ToolProcess",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .target(name: "Schema", dependencies: ["Storage", "Media", "PlatformStorage", "TalksStorage", "StageStorage", "SpotsStorage", "TempoStorage"]),
        // Stage, one folder: its rules (Domain), deck import and .cadence packages (libraries of its own), its use
        // cases (Service), its tables (Storage), its API, pages, templates and scripts (Web).
        .target(
            name: "Stage",
            dependencies: ["CadenceCore", "CHarfBuzz", .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio")],
            path: "Sources/Stage/Domain",
            // Bidi and line breaks come from the ICU that Foundation already carries (swift-foundation-icu);
            // a second, system ICU would clash with its headers.
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // HarfBuzz shapes handout text and hb-subset cuts the embedded fonts down (see docs/development.md).
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
        .target(
            name: "StageService",
            dependencies: [
                "Stage", "CadenceCore", "StagePackage", "DeckImport", "Media",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Stage/Service"),
        .target(
            name: "StageStorage", dependencies: ["StageService", "Stage", "CadenceCore", "DeckImport", "Storage", .product(name: "SQLKit", package: "sql-kit")],
            path: "Sources/Stage/Storage"),
        .target(
            name: "StageWeb",
            dependencies: [
                "StageService", "Stage", "CadenceCore", "Web", "DeckImport", "StagePackage",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/Stage/Web", resources: [.copy("Resources")]),
        .target(name: "Spots", dependencies: ["CadenceCore", "Geo", .product(name: "Crypto", package: "swift-crypto")], path: "Sources/Spots/Domain"),
        .target(
            name: "SpotsService",
            dependencies: [
                "Spots", "CadenceCore", .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Spots/Service"),
        .target(
            name: "SpotsStorage", dependencies: ["SpotsService", "Spots", "CadenceCore", "Storage", "PlatformStorage", .product(name: "SQLKit", package: "sql-kit")],
            path: "Sources/Spots/Storage"),
        .target(
            name: "SpotsWeb",
            dependencies: [
                "SpotsService", "Spots", "CadenceCore", "Web", "DAV", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/Spots/Web", resources: [.copy("Resources")]),
        .target(name: "Tempo", dependencies: ["CadenceCore", "Geo", "SafeXML"], path: "Sources/Tempo/Domain"),
        .target(
            name: "TempoService",
            dependencies: [
                "Tempo", "CadenceCore", "AudioAnalysis", "Media", "ToolProcess", "WristMoments", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Tempo/Service"),
        .target(
            name: "TempoStorage", dependencies: ["TempoService", "Tempo", "CadenceCore", "Storage", "AudioAnalysis", .product(name: "SQLKit", package: "sql-kit")],
            path: "Sources/Tempo/Storage"),
        .target(
            name: "TempoWeb",
            dependencies: [
                "TempoService", "Tempo", "CadenceCore", "Web", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/Tempo/Web", resources: [.copy("Resources")]),
        // Distances on the Earth, one set of formulas for Spots and Tempo.
        .target(name: "Geo"),
        // Decoding (WAV natively, the rest through ffmpeg at run time) and tempo estimation.
        .target(name: "AudioAnalysis", dependencies: ["ToolProcess"]),
        // The command-line tools Cadence runs (poppler, LibreOffice, ffmpeg): swift-subprocess with a timeout, bounded
        // output, and cancellation that ends the tool's whole process group.
        .target(name: "ToolProcess", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]),
        // Reads uploaded decks (ZIP of pictures, PDF, PPTX); poppler and LibreOffice are used at run time when present.
        .target(
            name: "DeckImport", dependencies: ["CadenceCore", "SafeZip", "SafeXML", "ToolProcess", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Sources/Stage/DeckImport"),
        // Untrusted XML: the one DOCTYPE rule, and a parser that resolves no entity and reads large documents.
        .target(name: "SafeXML"),
        .target(name: "DAV", dependencies: ["SafeXML"]),
        // Reading untrusted ZIPs: entry names that stay inside a folder, the central directory, bombs.
        .target(
            name: "SafeZip",
            dependencies: [
                .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // .cadence packages: a manifest with the SHA-256 of every file, optional AES-GCM under a scrypt key.
        .target(
            name: "StagePackage",
            dependencies: [
                "SafeZip",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Stage/Package"),
        .target(
            name: "Storage",
            dependencies: [
                "CadenceCore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // What every feature's routes share: the request context, the error middleware and envelope, bounded
        // bodies, CSRF-checked form posts, the page renderer.
        .target(
            name: "Web",
            dependencies: [
                "CadenceCore", "Media", "MultipartGuard",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "Server",
            dependencies: [
                "Web",
                "PlatformService",
                "PlatformStorage",
                "PlatformWeb",
                "TalksService", "Tempo",
                "TalksStorage",
                "TalksWeb",
                "StageService",
                "StageStorage",
                "StageWeb",
                "SpotsService",
                "SpotsStorage",
                "SpotsWeb",
                "TempoService",
                "TempoStorage",
                "TempoWeb",
                "CadenceCore",
                "Talks",
                "DeckImport",
                "StagePackage",
                "Storage",
                "Media",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "LocalCA", .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Resources")]
        ),
        // Cadence's own certificate authority for a network without a domain (`cadence serve --https local`): the
        // root and the server certificates it issues, made in memory; Server keeps them in the data directory.
        .target(
            name: "LocalCA",
            dependencies: [
                "CadenceCore", .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"), .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // What an upload passes before multipart-kit's parser sees it (its own target so the fuzzer can hold the two
        // side by side without the web stack).
        .target(name: "MultipartGuard", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        // The parsers of untrusted input as fuzz targets (scripts/fuzz; FuzzSmokeTests replays their corpora).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Spots", "Tempo", "DAV", "SafeXML", "Stage", "MultipartGuard", "PlatformWeb", "DeckImport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "MultipartKit", package: "multipart-kit"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        .executableTarget(name: "cadence-fuzz", dependencies: ["FuzzTargets"], path: "Sources/CadenceFuzz"),
        .executableTarget(
            name: "cadence",
            dependencies: [
                "CadenceCore",
                "Geo",
                "Storage",
                "Schema",
                "PlatformService",
                "PlatformStorage",
                "TalksService",
                "TalksStorage",
                "Server",
                "SpotsStorage",
                "SpotsWeb",
                "TempoService",
                "TempoStorage",
                "StageService",
                "StageStorage",
                "Media",
                "Backup",
                "Web",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                "Spots",
                "Tempo",
                "AudioAnalysis",
                "LocalCA", .product(name: "X509", package: "swift-certificates"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        // What several test targets build: pictures (PNG, zlib, CRC-32) made in memory.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CadenceCoreTests", dependencies: ["CadenceCore"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"], exclude: ["geo-cases.json"]),
        .testTarget(name: "SafeXMLTests", dependencies: ["SafeXML"]),
        .testTarget(
            name: "LocalCATests",
            dependencies: ["LocalCA", "CadenceCore", .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        .testTarget(name: "SafeZipTests", dependencies: ["SafeZip", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "TalksTests", dependencies: ["Talks", "CadenceCore"], exclude: ["talk-run-cases.json"]),
        .testTarget(name: "StageTests", dependencies: ["Stage", "CadenceCore", "TestSupport"]),
        .testTarget(name: "SpotsTests", dependencies: ["Spots", "CadenceCore", "Geo"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TempoTests", dependencies: ["Tempo", "CadenceCore", "Geo"],
            exclude: ["live-tempo-cases.json", "Files/xsd"], resources: [.copy("Files/Fixtures")]),
        .testTarget(name: "AudioAnalysisTests", dependencies: ["AudioAnalysis", "TestSupport"]),
        .testTarget(name: "DeckImportTests", dependencies: ["DeckImport", "SafeXML", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "StagePackageTests", dependencies: ["StagePackage", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "LocalCA",
                "Media", "AudioAnalysis",
                "Backup",
                "Web",
                "Schema",
                "PlatformService",
                "PlatformStorage",
                "PlatformWeb",
                "TestSupport",
                "CadenceCore",
                "Geo",
                "Spots",
                "SpotsService",
                "SpotsStorage",
                "Tempo",
                "TempoService",
                "TempoStorage",
                "StageService",
                "StageStorage",
                "Stage",
                "StagePackage",
                "SpotsWeb", "DAV", "SafeXML",
                "StageWeb",
                "TalksWeb",
                "Talks", "TalksService", "TalksStorage",
                "TempoWeb",
                "Storage",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ]
)

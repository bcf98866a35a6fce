// swift-tools-version:6.1
import PackageDescription

/// One set of settings for every Swift target: Swift 6 mode, strict concurrency, and the
/// upcoming features the house style asks for.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let log = Target.Dependency.product(name: "Logging", package: "swift-log")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let yams = Target.Dependency.product(name: "Yams", package: "Yams")
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let mcp = Target.Dependency.product(name: "MCP", package: "swift-sdk")
let metrics = Target.Dependency.product(name: "CoreMetrics", package: "swift-metrics")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")

let package = Package(
    name: "Spotter",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "spotter", targets: ["SpotterCLI"]),
        .executable(name: "spotter-bench", targets: ["SpotterBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // The C libraries, each behind a thin system-library target. Only SpotterDB imports the
        // databases' and only SpotterQueue glibc's malloc extensions (a worker gives back what a
        // job freed).
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(name: "CMalloc"),

        // The one calendar: civil days, LocalDate, zone wall clocks, the ISO 8601 instant codec.
        .target(name: "SpotterCalendar", swiftSettings: swiftSettings),

        // The product's ids (users, conversations, messages, programs, workouts): bigint, UUID or
        // text, validated where they enter. No dependencies, so every layer can use it.
        .target(name: "SpotterIDs", swiftSettings: swiftSettings),

        // JSON string literals written by hand, spelled once. No dependencies.
        .target(name: "SpotterJSON", swiftSettings: swiftSettings),

        // I/O edge: one small API over PostgreSQL (libpq) and SQLite.
        .target(
            name: "SpotterDB",
            dependencies: ["CLibPQ", "CSQLite", "SpotterCalendar", "SpotterIDs", "SpotterJSON", log],
            swiftSettings: swiftSettings),

        // Log lines (text or JSON) with control characters escaped, for every command.
        .target(name: "SpotterLogging", dependencies: ["SpotterJSON", log], swiftSettings: swiftSettings),

        // Pure computation: no database, testable with plain values.
        .target(
            name: "SpotterStats", dependencies: ["SpotterCalendar", "SpotterIDs", "SpotterReasons"],
            swiftSettings: swiftSettings),
        .target(
            name: "SpotterRanking", dependencies: ["SpotterCalendar", "SpotterIDs", "SpotterReasons", "SpotterStats"],
            swiftSettings: swiftSettings),
        .target(name: "SpotterFacts", swiftSettings: swiftSettings),
        // Reading training-log exports (Strong, Hevy, JSON Lines) and matching their exercises.
        .target(name: "SpotterImport", swiftSettings: swiftSettings),

        // sql/ and jobs/ built into the executable (a copied binary needs no repository).
        .executableTarget(name: "SpotterEmbedFiles", swiftSettings: swiftSettings),
        .plugin(name: "EmbedProjectFiles", capability: .buildTool(), dependencies: ["SpotterEmbedFiles"]),
        .target(name: "SpotterProjectFiles", swiftSettings: swiftSettings, plugins: ["EmbedProjectFiles"]),

        // Reasons as codes with named arguments, and their text per language from the catalog
        // locales/reasons.json (built in like sql/).
        .target(
            name: "SpotterReasons", dependencies: ["SpotterJSON", "SpotterProjectFiles"], swiftSettings: swiftSettings),

        // The jobs/ catalog and schedule: parsing and validation.
        .target(
            name: "SpotterCatalog", dependencies: ["SpotterCalendar", "SpotterJSON", "SpotterStats", yams],
            swiftSettings: swiftSettings),

        // The queue: enqueue, claim, ack, retry, rescue, schedule, worker service.
        .target(
            name: "SpotterQueue",
            dependencies: [
                "CMalloc", "SpotterDB", "SpotterCatalog", "SpotterIDs", "SpotterStats", log, lifecycle, metrics,
            ],
            swiftSettings: swiftSettings
        ),

        // The OpenAI-compatible chat-completions HTTP client: settings, transport, secret scrubbing.
        .target(name: "SpotterLLM", swiftSettings: swiftSettings),

        // Job kinds: load inputs set-based, compute with the pure modules, write results in bulk.
        .target(
            name: "SpotterJobs",
            dependencies: [
                "SpotterCalendar", "SpotterDB", "SpotterIDs", "SpotterQueue", "SpotterCatalog", "SpotterStats",
                "SpotterRanking", "SpotterReasons", "SpotterFacts", "SpotterLLM", log,
            ],
            swiftSettings: swiftSettings
        ),

        // What people read: terminal renderers (fact sheets, demos, search hits) and the facts JSON
        // Lines format, shared by the CLI and the MCP server.
        .target(
            name: "SpotterRendering",
            dependencies: [
                "SpotterCalendar", "SpotterDB", "SpotterFacts", "SpotterIDs", "SpotterJobs", "SpotterRanking",
                "SpotterReasons", "SpotterStats",
            ],
            swiftSettings: swiftSettings),

        // `spotter mcp`: a read-only Model Context Protocol server over the result tables. The only
        // target (with the CLI that starts it) that depends on the MCP SDK.
        .target(
            name: "SpotterMCP",
            dependencies: [
                "SpotterCalendar", "SpotterDB", "SpotterIDs", "SpotterJobs", "SpotterReasons", "SpotterRendering", mcp,
                log,
            ],
            swiftSettings: swiftSettings),

        // Deterministic dataset generator (seed and demo).
        .target(name: "SpotterSeed", dependencies: ["SpotterDB", log], swiftSettings: swiftSettings),

        .executableTarget(
            name: "SpotterCLI",
            dependencies: [
                "SpotterCalendar", "SpotterDB", "SpotterIDs", "SpotterQueue", "SpotterCatalog", "SpotterJobs",
                "SpotterSeed", "SpotterStats", "SpotterFacts", "SpotterRanking", "SpotterProjectFiles",
                "SpotterLogging", "SpotterMCP",
                "SpotterRendering", "SpotterLLM", "SpotterImport", argumentParser, log, lifecycle, unixSignals, metrics,
                prometheus,
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "SpotterBenchmark",
            dependencies: [
                "SpotterCalendar", "SpotterDB", "SpotterIDs", "SpotterQueue", "SpotterCatalog", "SpotterJobs",
                "SpotterSeed",
                "SpotterFacts", argumentParser, log,
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "SpotterTestSupport", dependencies: ["SpotterDB", log], path: "Tests/SpotterTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterDBTests", dependencies: ["SpotterCalendar", "SpotterDB", "SpotterIDs", "SpotterTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(name: "SpotterCalendarTests", dependencies: ["SpotterCalendar"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterStatsTests", dependencies: ["SpotterCalendar", "SpotterIDs", "SpotterStats"],
            swiftSettings: swiftSettings),
        .testTarget(name: "SpotterIDsTests", dependencies: ["SpotterIDs"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterReasonsTests", dependencies: ["SpotterJSON", "SpotterReasons"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterRankingTests", dependencies: ["SpotterIDs", "SpotterRanking", "SpotterStats"],
            swiftSettings: swiftSettings),
        .testTarget(name: "SpotterFactsTests", dependencies: ["SpotterFacts"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterImportTests", dependencies: ["SpotterImport", "SpotterSeed"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterCatalogTests", dependencies: ["SpotterCatalog", "SpotterStats"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpotterQueueTests",
            dependencies: [
                "SpotterQueue", "SpotterCatalog", "SpotterDB", "SpotterTestSupport",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpotterJobsTests",
            dependencies: [
                "SpotterCalendar", "SpotterJobs", "SpotterLLM", "SpotterQueue", "SpotterDB", "SpotterRendering",
                "SpotterSeed", "SpotterStats", "SpotterTestSupport", "SpotterIDs", "SpotterFacts", "SpotterRanking",
                "SpotterReasons", "SpotterCatalog", log,
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpotterMCPTests",
            dependencies: ["SpotterMCP", "SpotterJobs", "SpotterDB", "SpotterIDs", "SpotterTestSupport", mcp],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpotterCLITests",
            dependencies: [
                "SpotterDB", "SpotterIDs", "SpotterJobs", "SpotterTestSupport", "SpotterLogging", log, yams,
            ],
            swiftSettings: swiftSettings
        ),
    ]
)

// swift-tools-version:6.0
// spacedash: a command-line dashboard for space data on Linux.
// No package dependencies: everything comes with the toolchain, and HTTP goes
// through the system's libcurl (Debian: libcurl4-openssl-dev).
import PackageDescription

let package = Package(
    name: "spacedash",
    products: [
        .executable(name: "spacedash", targets: ["spacedash"]),
        .library(name: "Streams", targets: ["Streams"]),
    ],
    targets: [
        // Publisher-style streams with Combine's names and semantics.
        .target(name: "Streams"),

        // libcurl, found through pkg-config, and a small C shim for what Swift
        // cannot call directly (variadic setopt/getinfo, callbacks).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CurlShim", dependencies: ["CCurl"]),
        .target(name: "HTTP", dependencies: ["Streams", "CurlShim"]),

        // Models, decoders, services with their fallback chain, cache, search.
        .target(name: "SpaceData", dependencies: ["Streams", "HTTP"]),

        // Raw mode, key decoding, screen drawing, display width.
        .target(name: "Terminal"),

        // Argument parsing, commands, rendering, the interactive search.
        .target(name: "SpaceDashCLI", dependencies: ["Streams", "HTTP", "SpaceData", "Terminal"]),
        .executableTarget(name: "spacedash", dependencies: ["SpaceDashCLI"]),

        // `make bench`: one line per case, `name value unit`; start-up is measured
        // against StartupBaseline, a program that imports only FoundationEssentials.
        .executableTarget(name: "StartupBaseline"),
        .executableTarget(name: "SpaceDashBench", dependencies: ["Streams", "HTTP", "SpaceData", "Terminal", "SpaceDashCLI", "LaunchCorpus"]),

        // Made-up launches at any scale, for the bench and the tests only (never in the product).
        .target(name: "LaunchCorpus", dependencies: ["SpaceData"], path: "Tests/LaunchCorpus"),

        // Shared test code: the loopback HTTP server, fixtures locator, process runner,
        // the pseudo-terminal and its screen model (which measures text as Terminal does).
        .target(name: "TestSupport", dependencies: ["Streams", "HTTP", "Terminal"], path: "Tests/TestSupport"),

        .testTarget(name: "StreamsTests", dependencies: ["Streams"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Streams", "TestSupport"]),
        .testTarget(name: "SpaceDataTests", dependencies: ["SpaceData", "HTTP", "Streams", "TestSupport", "LaunchCorpus"]),
        .testTarget(name: "LaunchCorpusTests", dependencies: ["LaunchCorpus", "SpaceData"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport"]),
        .testTarget(name: "SpaceDashCLITests", dependencies: ["SpaceDashCLI", "SpaceData", "Streams", "Terminal", "TestSupport", "LaunchCorpus"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// The OpenCombine baseline for `make bench`: the very same Streams benchmark
// cases (StreamsBenchmarks.swift, by symbolic link), the same runner and the
// same TestScheduler (in a module of its own, as it is in Streams), compiled
// against OpenCombine 0.14 instead of Streams.
// It lives apart from the root package, which takes no package dependencies;
// `make test` never builds it.
import PackageDescription

let package = Package(
    name: "OpenCombineBaseline",
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "BaselineTestScheduler",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        ),
        .executableTarget(
            name: "OpenCombineBaseline",
            dependencies: [
                "BaselineTestScheduler",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            swiftSettings: [.define("OPENCOMBINE_BASELINE")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
